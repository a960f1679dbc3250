import { invitationMessages } from "./invitation-messages";

/** Why an invitation cannot be used, with what to tell the person (the status comes from app/lib/outcome.ts). */
export const invitationFailures = {
  "not-found": { message: invitationMessages.notFound },
  accepted: { message: invitationMessages.alreadyAccepted },
  expired: { message: invitationMessages.expired },
  revoked: { message: invitationMessages.revoked },
  "email-mismatch": { message: invitationMessages.emailMismatch },
} as const;

export type InvitationFailure = keyof typeof invitationFailures;
