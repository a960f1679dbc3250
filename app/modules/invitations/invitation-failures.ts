import { invitationMessages } from "./invitation-messages";

/** Why an invitation cannot be used, with what to tell the person and the HTTP status it maps to. */
export const invitationFailures = {
  "not-found": { status: 404, message: invitationMessages.notFound },
  accepted: { status: 409, message: invitationMessages.alreadyAccepted },
  expired: { status: 410, message: invitationMessages.expired },
  revoked: { status: 410, message: invitationMessages.revoked },
  "email-mismatch": { status: 400, message: invitationMessages.emailMismatch },
} as const;

export type InvitationFailure = keyof typeof invitationFailures;
