/**
 * What sign-in, sign-up, reset and the staff guard say to people. The spec fixes most of these
 * texts (members-and-staff.md sections 2, 5 and 8); keep them exactly. Safe for the browser.
 */
export const authMessages = {
  loginSuccessful: "Login successful!",
  loginFailed: "Login failed",
  invalidCredentials: "Invalid email or password",
  emailNotVerified:
    "Please confirm your e-mail address before logging in. We have sent you the confirmation link again.",
  emailAndPasswordRequired: "Please enter your email and password.",
  emailFirst: "Please enter your email address above first.",
  invalidEmail: "Please enter a valid email address.",
  signInLinkSent: "Sign-in link sent! Please check your inbox and click the link to access your account.",
  signInLinkFailed: "Failed to send sign-in link",
  profileSignInLinkSent: "Sign-in link sent! Check your inbox and click the link to access your account from any device.",
  profileSignInLinkFailedPrefix: "Failed to send sign-in link: ",
  signInLinkInvalid: "This sign-in link has expired or has already been used. Request a new one below.",
  passwordTooShort: "Password must be at least 8 characters",
  passwordsDiffer: "Passwords do not match",
  passwordRequired: "Please enter a new password and confirm it.",
  passwordTooLong: "Password must be at most 128 characters",
  passwordUpdateFailed: "Could not update the password. Please try again.",
  passwordUpdated: "Password updated! You can now log in with your new password.",
  resetLinkRequested:
    "If an account exists for that address, we have e-mailed a link to reset its password. It works for one hour.",
  resetLinkInvalid: "This reset link has expired or has already been used. Request a new one from the login page.",
  signUpCheckInbox:
    "Almost there! We have e-mailed a link to confirm your address. Open it, then log in with your password.",
  nameRequired: "Please enter your name.",
  nameTooLong: "Please keep your name under 100 characters.",
  emailVerified: "Your e-mail address is confirmed. You can log in now.",
  emailVerificationFailed:
    "This confirmation link has expired or has already been used. Log in with your password and we will send a new one.",
  signUpFailed: "We could not create your account just now. Please try again.",
  signInRequired: "Please log in to access this page.",
  notAuthorised: "You are not authorized to view this page.",
  /** The communications page's own words for the same refusal (spec section 2). */
  noPermission: "You do not have permission to view this page.",
} as const;

/** Refusals of limited attempts share one wording with the rest of the site. */
export { tooManyAttempts } from "#app/modules/security";
