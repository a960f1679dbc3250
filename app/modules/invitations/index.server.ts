// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// A new invitation's rid.
export { newInvitationRid } from "./create-invitation.server";
// What we know of an invitee, for the form (valid rid only).
export { getAttendeeData } from "./get-attendee-data.server";
// Confirming an attendee import.
export { importAttendees } from "./import-attendees.server";
// Revising the import's invitation words.
export { reviseImportWording } from "./import-invitation-preview.server";
// The invitation e-mail, rendered when sent.
export { invitationEmailRenderer } from "./invitation-email.server";
// The dashboard's invitation status list and CSV columns.
export { allInvitationStatus, invitationStatusCsvColumns, listInvitationStatus } from "./list-invitation-status.server";
// Staff: resending and revoking.
export { resendInvitation, revokeInvitation } from "./manage-invitation.server";
// Previewing an attendee import.
export { previewAttendeeImport } from "./preview-attendee-import.server";
// Sending a friend invitation.
export { sendFriendInvitation } from "./send-friend-invitation.server";
// Accepting an invitation.
export { submitInvitationAcceptance } from "./submit-invitation-acceptance.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { addInvitationsIfNew, bulkInsertInvitations, type InvitationBulkRow, invitationIdsPresent, listInvitationsTo } from "./bulk-load.server";
// The invitation e-mail's kind in the outbox (bench:import counts the invitations it queued).
export { INVITATION_EMAIL } from "./invitation-email.server";
