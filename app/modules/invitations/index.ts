// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { acceptanceFormValues, type AcceptanceFormValues, acceptancePayload } from "./acceptance-form";
export { type AcceptanceField, type AcceptanceInput, acceptanceSchema, fieldErrors, firstError } from "./acceptance-schema";
export { type DroppedRow } from "./attendee-csv";
export { attendeeFileSchema, chosenFile } from "./attendee-import-form";
export { attendeeImportMessages, MAX_IMPORT_BYTES } from "./attendee-import-messages";
export { type AttendeeImportActionData, type AttendeeImportPreview, type ImportInvitationPreview, type PreviewPerson } from "./attendee-import-preview";
export { friendInvitationSchema } from "./friend-invitation-form";
export { invitationFailures } from "./invitation-failures";
export { friendInvitationMessages, invitationManagementMessages } from "./invitation-management-messages";
export { communicationPreferenceLabels, communicationPreferences, discoveryMethodLabels, discoveryMethods, GIFT_TRACK_COUNT, invitationInterests, invitationMessages, welcomeHeading } from "./invitation-messages";
export { defaultCommunicationPreference, type EffectiveInvitationStatus, invitationExpiry } from "./invitation-status";
export { type InvitationWording, MAX_INTRO_LENGTH, MAX_SUBJECT_LENGTH } from "./invitation-wording";
export { isPossibleRid, MAX_RID_LENGTH, RID_BYTES } from "./rid";
