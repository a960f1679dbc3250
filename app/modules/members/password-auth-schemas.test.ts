import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "#app/lib/form-errors";
import { authMessages } from "./auth-messages";
import { emailOnlySchema, newPasswordSchema, passwordSignInSchema, signUpSchema } from "./password-auth-schemas";

function errorsOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return result.success ? {} : firstErrorPerField(result.error!.issues);
}

describe("password sign-in", () => {
  it("needs both fields, and a valid address", () => {
    expect(errorsOf(passwordSignInSchema.safeParse({}))).toEqual({
      email: authMessages.emailAndPasswordRequired,
      password: authMessages.emailAndPasswordRequired,
    });
    expect(errorsOf(passwordSignInSchema.safeParse({ email: "  ", password: "" }))).toEqual({
      email: authMessages.emailAndPasswordRequired,
      password: authMessages.emailAndPasswordRequired,
    });
    expect(errorsOf(passwordSignInSchema.safeParse({ email: "not-an-address", password: "x" }))).toEqual({
      email: authMessages.invalidEmail,
    });
  });

  it("trims the address and keeps the password as typed", () => {
    expect(passwordSignInSchema.parse({ email: " Ann@Example.com ", password: " secret " })).toEqual({
      email: "Ann@Example.com",
      password: " secret ",
    });
  });
});

describe("sign-in link and forgot password", () => {
  it("asks for the address above first when it is empty, and for a valid one", () => {
    expect(errorsOf(emailOnlySchema.safeParse({ email: "" }))).toEqual({ email: "Please enter your email address above first." });
    expect(errorsOf(emailOnlySchema.safeParse({}))).toEqual({ email: authMessages.emailFirst });
    expect(errorsOf(emailOnlySchema.safeParse({ email: "ann@" }))).toEqual({ email: authMessages.invalidEmail });
    expect(emailOnlySchema.parse({ email: "ann@example.com" })).toEqual({ email: "ann@example.com" });
  });
});

describe("new password (reset page)", () => {
  it("needs both fields", () => {
    expect(errorsOf(newPasswordSchema.safeParse({ password: "", confirmPassword: "" }))).toEqual({
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.passwordRequired,
    });
  });

  it("needs at least 8 characters and at most 128", () => {
    expect(errorsOf(newPasswordSchema.safeParse({ password: "short", confirmPassword: "short" }))).toEqual({
      password: "Password must be at least 8 characters",
    });
    const long = "x".repeat(129);
    expect(errorsOf(newPasswordSchema.safeParse({ password: long, confirmPassword: long }))).toEqual({
      password: authMessages.passwordTooLong,
    });
    expect(newPasswordSchema.safeParse({ password: "12345678", confirmPassword: "12345678" }).success).toBe(true);
  });

  it("needs the confirmation to match", () => {
    expect(errorsOf(newPasswordSchema.safeParse({ password: "long enough", confirmPassword: "long enougH" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});

describe("sign-up", () => {
  const valid = { name: "Ann Lee", email: "ann@example.com", password: "long enough", confirmPassword: "long enough" };

  it("accepts a complete form, trimming name and address", () => {
    expect(signUpSchema.parse({ ...valid, name: "  Ann Lee ", email: " ann@example.com" })).toEqual(valid);
  });

  it("says what each field lacks", () => {
    expect(errorsOf(signUpSchema.safeParse({}))).toEqual({
      name: authMessages.nameRequired,
      email: authMessages.invalidEmail,
      password: authMessages.passwordRequired,
      confirmPassword: authMessages.passwordRequired,
    });
    expect(errorsOf(signUpSchema.safeParse({ ...valid, name: "x".repeat(101) }))).toEqual({ name: authMessages.nameTooLong });
    expect(errorsOf(signUpSchema.safeParse({ ...valid, email: "ann" }))).toEqual({ email: authMessages.invalidEmail });
    expect(errorsOf(signUpSchema.safeParse({ ...valid, password: "1234567", confirmPassword: "1234567" }))).toEqual({
      password: authMessages.passwordTooShort,
    });
    expect(errorsOf(signUpSchema.safeParse({ ...valid, confirmPassword: "other one" }))).toEqual({
      confirmPassword: authMessages.passwordsDiffer,
    });
  });
});
