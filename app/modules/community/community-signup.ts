import { z } from "zod/mini";
import { oneLine } from "#app/modules/security";
import {
  communitySignupMessages,
  communitySources,
  interestOptions,
  type CommunitySignupErrors,
  type CommunitySignupField,
  type Interest,
} from "./community-signup-fields";

export * from "./community-signup-fields";

const interestValues = interestOptions.map((option) => option.value) as [Interest, ...Interest[]];

/** The one schema of the community form that the browser and the server both validate with. */
export const communitySignupSchema = z.object({
  name: z
    .string({ error: communitySignupMessages.name })
    .check(z.trim(), z.minLength(2, communitySignupMessages.name), z.maxLength(100, communitySignupMessages.nameTooLong), oneLine),
  email: z
    .string({ error: communitySignupMessages.email })
    .check(z.trim(), z.maxLength(254, communitySignupMessages.email), z.email(communitySignupMessages.email)),
  phone: z.optional(
    z.string({ error: communitySignupMessages.phoneTooLong }).check(z.trim(), z.maxLength(30, communitySignupMessages.phoneTooLong), oneLine),
  ),
  interest: z.enum(interestValues, { error: communitySignupMessages.interest }),
  /** The Terms and Privacy box (required). A ticked checkbox posts "on"; an unticked one posts nothing. */
  consent: z.literal("on", { error: communitySignupMessages.consent }),
  /** Texts: optional, a consent of its own (docs/decisions/043). Sending the form is the e-mail consent (054). */
  smsConsent: z.catch(z.optional(z.literal("on")), undefined),
  source: z.catch(z.optional(z.enum(communitySources)), undefined),
}).check(
  // Texts need a number to go to.
  z.refine((signup) => signup.smsConsent !== "on" || Boolean(signup.phone), { path: ["phone"], error: communitySignupMessages.phoneForTexts }),
);

export type CommunitySignup = z.infer<typeof communitySignupSchema>;

/** Validates a submitted form: the sign-up, or the first message of each field that is wrong. */
export function validateCommunitySignup(
  input: Record<string, unknown>,
): { ok: true; signup: CommunitySignup } | { ok: false; errors: CommunitySignupErrors } {
  const parsed = communitySignupSchema.safeParse(input);
  if (parsed.success) return { ok: true, signup: parsed.data };
  const errors: CommunitySignupErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CommunitySignupField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
