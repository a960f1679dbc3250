// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The acceptance form's values and payload.
export { acceptanceFormValues, type AcceptanceFormValues, acceptancePayload } from "./acceptance-form";
// The acceptance payload's schema and errors.
export { type AcceptanceField, type AcceptanceInput, acceptanceSchema, fieldErrors, firstError } from "./acceptance-schema";
// A file row left out, with its reason.
export { type DroppedRow } from "./attendee-csv";
// The import form's file field.
export { attendeeFileSchema, chosenFile } from "./attendee-import-form";
// The import page's texts and size limit.
export { attendeeImportMessages, MAX_IMPORT_BYTES } from "./attendee-import-messages";
// The preview's shapes.
export { type AttendeeImportActionData, type AttendeeImportPreview, type ImportInvitationPreview, type PreviewPerson } from "./attendee-import-preview";
// The friend invitation form.
export { friendInvitationSchema } from "./friend-invitation-form";
// Typed failures with their texts and statuses.
export { invitationFailures } from "./invitation-failures";
// Staff texts: friend invitations, resend and revoke.
export { friendInvitationMessages, invitationManagementMessages } from "./invitation-management-messages";
// The invitation page's texts and choices.
export { communicationPreferenceLabels, communicationPreferences, discoveryMethodLabels, discoveryMethods, GIFT_TRACK_COUNT, invitationInterests, invitationMessages, welcomeHeading } from "./invitation-messages";
// Effective status and expiry.
export { defaultCommunicationPreference, type EffectiveInvitationStatus, invitationExpiry } from "./invitation-status";
// The invitation's editable words: shape and limits.
export { type InvitationWording, MAX_INTRO_LENGTH, MAX_SUBJECT_LENGTH } from "./invitation-wording";
// The rid's shape.
export { isPossibleRid, MAX_RID_LENGTH, RID_BYTES } from "./rid";
