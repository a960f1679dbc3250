// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Sign-in texts.
export { authMessages } from "./auth-messages";
// A person's first name.
export { firstNameOf } from "./first-name";
// The friend page's form.
export { checkFriendAccess, type FriendAccessActionData, friendAccessError, type FriendAccessFieldErrors, friendAccessMessages } from "./friend-access";
// `/signed-in`, where a sign-in that names no page goes first.
export { SIGNED_IN_PATH } from "./landing-path";
// Account deletion, e-mail preferences, the export's file name.
export { deleteAccountSchema, type EmailPreferences, emailPreferencesSchema, exportFileName } from "./member-data";
// Texts of a member's data pages.
export { memberDataMessages } from "./member-data-messages";
// Staff texts for initial sign-ups.
export { memberDirectoryMessages } from "./member-directory-messages";
// Password forms' schemas.
export { emailOnlySchema, newPasswordSchema, passwordSignInSchema, signUpSchema } from "./password-auth-schemas";
// The profile form: fields, limits, checks, texts.
export { BIO_MAX_LENGTH, defaultProfile, FULL_NAME_MAX_LENGTH, meditationDurations, meditationTimeLabels, meditationTimes, type ProfileField, type ProfileFieldErrors, type ProfileFormInput, profileMessages, readProfileForm, validateProfile } from "./profile";
// Sign-in link requests' schemas.
export { autoSignInLinkRequestSchema, purposeOfAutoLink, userSignInLinkRequestSchema } from "./sign-in-link-requests";
