import { z } from "zod/mini";
import { hasControlCharacters, oneLine } from "#app/modules/security";
import { communicationPreferences, discoveryMethods, invitationInterests, invitationMessages as messages } from "./invitation-messages";
import { MAX_RID_LENGTH } from "./rid";

/**
 * The invitation acceptance form (the spec's acceptInvitation payload). The page checks it in the
 * browser and both the page action and the JSON endpoint check it again on the server. zod/mini
 * keeps the public page's script small.
 */
const requiredText = (maxLength: number) =>
  z.string({ error: messages.requiredFields }).check(
    z.trim(),
    z.minLength(1, messages.requiredFields),
    z.maxLength(maxLength, `Please keep this under ${maxLength} characters.`),
    oneLine,
  );

const optionalText = (maxLength: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(maxLength, `Please keep this under ${maxLength} characters.`), oneLine)));

export const acceptanceSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: z.string({ error: messages.requiredFields }).check(
    z.trim(),
    z.minLength(1, messages.requiredFields),
    z.maxLength(254, messages.invalidEmail),
    z.email(messages.invalidEmail),
  ),
  // Optional: a phone, and texts, are never a condition of the gift (docs/decisions/054).
  phone: optionalText(40),
  city: optionalText(100),
  state: optionalText(100),
  communicationPreference: z._default(
    z.enum(communicationPreferences, { error: "Please choose how often we may write to you." }),
    "everything",
  ),
  discoveryMethod: z.optional(
    z.nullable(z.enum([...discoveryMethods, ""], { error: "Please choose how you heard about us from the list." })),
  ),
  interests: z._default(z.array(z.enum(invitationInterests, { error: "Please choose interests from the list." })), []),
  /** The optional texts box. */
  smsConsent: z._default(z.boolean({ error: "SMS consent must be true or false." }), false),
  /** Accepting is joining the list, so the page sends true (the line beside its button); the endpoint's callers may say false. */
  emailUpdates: z._default(z.boolean({ error: "Email updates must be true or false." }), true),
  termsAccepted: z.literal(true, { error: messages.termsRequired }),
  rid: z.string({ error: messages.ridMissing }).check(
    z.trim(),
    z.minLength(1, messages.ridMissing),
    z.maxLength(MAX_RID_LENGTH, messages.notFound),
    z.refine((rid) => !hasControlCharacters(rid), messages.notFound),
  ),
}).check(
  // Texts need a number to go to; whether we can text it is the server's check (phoneForTextsProblem).
  z.refine((input) => !input.smsConsent || Boolean(input.phone), { path: ["phone"], error: messages.phoneForTexts }),
);

export type AcceptanceInput = z.output<typeof acceptanceSchema>;
export type AcceptanceField = keyof AcceptanceInput;

/** The first message for each field, for showing under the fields. */
export function fieldErrors(error: z.core.$ZodError): Partial<Record<AcceptanceField, string>> {
  const errors: Partial<Record<AcceptanceField, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as AcceptanceField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** One message for the whole form: the first problem in the form's order. */
export function firstError(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? messages.acceptFailed;
}
