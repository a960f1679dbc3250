import { z } from "zod/mini";
import { authMessages } from "./auth-messages";
import { oneLine } from "#app/modules/security";

/**
 * The login, sign-up and new-password forms' rules, shared by the browser (before sending) and the
 * server actions, so both say the same thing. zod/mini keeps these public pages' scripts small.
 */

export const PASSWORD_MIN_LENGTH = 8;
/** better-auth refuses longer passwords; saying so here beats a vague failure. */
export const PASSWORD_MAX_LENGTH = 128;

/** A trimmed, valid address; `missing` is what an empty field says. */
function emailField(missing: string) {
  return z.string({ error: missing }).check(
    z.trim(),
    z.minLength(1, missing),
    z.maxLength(254, authMessages.invalidEmail),
    z.email(authMessages.invalidEmail),
  );
}

/** A new password: present, 8 to 128 characters. Never trimmed: spaces may be part of it. */
const newPasswordField = z.string({ error: authMessages.passwordRequired }).check(
  z.minLength(1, authMessages.passwordRequired),
  z.minLength(PASSWORD_MIN_LENGTH, authMessages.passwordTooShort),
  z.maxLength(PASSWORD_MAX_LENGTH, authMessages.passwordTooLong),
);

const confirmationField = z.string({ error: authMessages.passwordRequired }).check(z.minLength(1, authMessages.passwordRequired));

const confirmationMatches = z.refine<{ password: string; confirmPassword: string }>((value) => value.password === value.confirmPassword, {
  message: authMessages.passwordsDiffer,
  path: ["confirmPassword"],
});

/** Password sign-in on /login: both fields required. */
export const passwordSignInSchema = z.object({
  email: emailField(authMessages.emailAndPasswordRequired),
  password: z.string({ error: authMessages.emailAndPasswordRequired }).check(z.minLength(1, authMessages.emailAndPasswordRequired)),
});

/** 'Send me a sign-in link' and 'Forgot password?' on /login use the same e-mail field. */
export const emailOnlySchema = z.object({ email: emailField(authMessages.emailFirst) });

export const signUpSchema = z
  .object({
    name: z.string({ error: authMessages.nameRequired }).check(
      z.trim(),
      z.minLength(1, authMessages.nameRequired),
      z.maxLength(100, authMessages.nameTooLong),
      oneLine,
    ),
    email: emailField(authMessages.invalidEmail),
    password: newPasswordField,
    confirmPassword: confirmationField,
  })
  .check(confirmationMatches);

/** The reset page's 'Set a New Password' form. */
export const newPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: confirmationField })
  .check(confirmationMatches);
