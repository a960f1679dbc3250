// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { authMessages } from "./auth-messages";
export { firstNameOf } from "./first-name";
export { checkFriendAccess, type FriendAccessActionData, friendAccessError, type FriendAccessFieldErrors, friendAccessMessages } from "./friend-access";
export { SIGNED_IN_PATH } from "./landing-path";
export { deleteAccountSchema, type EmailPreferences, emailPreferencesSchema, exportFileName } from "./member-data";
export { memberDataMessages } from "./member-data-messages";
export { memberDirectoryMessages } from "./member-directory-messages";
export { emailOnlySchema, newPasswordSchema, passwordSignInSchema, signUpSchema } from "./password-auth-schemas";
export { BIO_MAX_LENGTH, defaultProfile, FULL_NAME_MAX_LENGTH, meditationDurations, meditationTimeLabels, meditationTimes, type ProfileField, type ProfileFieldErrors, type ProfileFormInput, profileMessages, readProfileForm, validateProfile } from "./profile";
export { autoSignInLinkRequestSchema, purposeOfAutoLink, userSignInLinkRequestSchema } from "./sign-in-link-requests";
