// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { memberAuthParts } from "./auth-parts.server";
export { type AttemptClient, type AttemptRefused, type AuthAttempt, checkAuthRateLimit, refuseOverLimit } from "./auth-rate-limits.server";
export { deleteMemberAccount } from "./delete-member-account.server";
export { deleteUserProfile } from "./delete-user-profile.server";
export { exportMemberData } from "./export-member-data.server";
export { getProfileFullName } from "./get-profile-full-name.server";
export { allUserProfiles, listUserProfiles, userProfileCsvColumns } from "./list-user-profiles.server";
export { logInWithPassword } from "./log-in-with-password.server";
export { listMemberSessions, type MemberSession, type MemberSessionList, signOutEverywhere, signOutOtherSession } from "./member-sessions.server";
export { EMAIL_CONFIRMED_PATH, isResetTokenUsable, resetPassword } from "./password-auth.server";
export { getProfile, ProfileSaveError, saveProfile } from "./profile.server";
export { requestPasswordResetLink } from "./request-password-reset-link.server";
export { requestSignInLink, type SignInLinkClient } from "./request-sign-in-link.server";
export { getEmailPreferences, setEmailPreferences } from "./set-email-preferences.server";
export { createSignInLink, emailSignInLink } from "./sign-in-links.server";
export { signUpMember } from "./sign-up-member.server";
export { type AccountBulkRow, addUserProfilesIfNew, bulkInsertMembers, bulkInsertUserProfiles, listMemberAddresses, listUserProfileAddresses, memberIdsPresent, type ProfileBulkRow, type UserBulkRow, type UserProfileBulkRow } from "./bulk-load.server";
