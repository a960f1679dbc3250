import { z } from "zod/mini";
import { siteConfig } from "#app/lib/site-config";
import { oneLine } from "#app/modules/security";

/**
 * The friend page's 'Want More?' form: a name and an e-mail, both required and non-blank after
 * trimming. Browser-safe (zod/mini): the page validates with it before sending, the action again.
 */
export const friendAccessMessages = {
  nameRequired: "Please enter your name.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  submit: "Get Full Access",
  sending: "Sending...",
  sent: "Email Sent!",
  sentText: `Verify your email to complete your access to all available songs and become a ${siteConfig.brand.name} member.`,
  spamHint: "Can't find it? Check your spam, promotions or offers folders.",
  /** What the spec shows when the server gives no reason. */
  failed: "Failed to send gift",
} as const;

/** A failure as the spec shows it: 'Error: ' and the server's message. */
export const friendAccessError = (message: string) => `Error: ${message}`;

export const friendAccessSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, friendAccessMessages.nameRequired), z.maxLength(120, "That name is too long."), oneLine),
  email: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, friendAccessMessages.emailRequired),
      z.maxLength(254, "That email address is too long."),
      z.email(friendAccessMessages.emailInvalid),
    ),
});

export type FriendAccessInput = z.infer<typeof friendAccessSchema>;
export type FriendAccessFieldErrors = Partial<Record<keyof FriendAccessInput, string>>;

/** The form's values checked: the input, or the first message for each field that is wrong. */
export function checkFriendAccess(values: { name?: string; email?: string }):
  | { ok: true; input: FriendAccessInput }
  | { ok: false; fieldErrors: FriendAccessFieldErrors } {
  const parsed = friendAccessSchema.safeParse({ name: values.name ?? "", email: values.email ?? "" });
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors: FriendAccessFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof FriendAccessInput;
    fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

/** What the friend page's action answers: success, or what was wrong with the values as typed. */
export type FriendAccessActionData =
  | { ok: true }
  | { ok: false; fieldErrors?: FriendAccessFieldErrors; error?: string; values: { name: string; email: string } };
