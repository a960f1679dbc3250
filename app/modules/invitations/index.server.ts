// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { newInvitationRid } from "./create-invitation.server";
export { getAttendeeData } from "./get-attendee-data.server";
export { importAttendees } from "./import-attendees.server";
export { reviseImportWording } from "./import-invitation-preview.server";
export { invitationEmailRenderer } from "./invitation-email.server";
export { allInvitationStatus, invitationStatusCsvColumns, listInvitationStatus } from "./list-invitation-status.server";
export { resendInvitation, revokeInvitation } from "./manage-invitation.server";
export { previewAttendeeImport } from "./preview-attendee-import.server";
export { sendFriendInvitation } from "./send-friend-invitation.server";
export { submitInvitationAcceptance } from "./submit-invitation-acceptance.server";
export { addInvitationsIfNew, bulkInsertInvitations, type InvitationBulkRow, invitationIdsPresent, listInvitationsTo } from "./bulk-load.server";
