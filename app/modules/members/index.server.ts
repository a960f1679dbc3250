// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The members' rules auth is built with.
export { memberAuthParts } from "./auth-parts.server";
// Attempt limits for sign-in, sign-up, links and resets.
export { type AttemptClient, type AttemptRefused, type AuthAttempt, checkAuthRateLimit, refuseOverLimit } from "./auth-rate-limits.server";
// Deleting one's account.
export { deleteMemberAccount } from "./delete-member-account.server";
// Staff: deleting an initial sign-up (logged).
export { deleteUserProfile } from "./delete-user-profile.server";
// A member's data export.
export { exportMemberData } from "./export-member-data.server";
// A member's full name.
export { getProfileFullName } from "./get-profile-full-name.server";
// Staff: initial sign-ups, a page or whole, with CSV columns.
export { allUserProfiles, listUserProfiles, userProfileCsvColumns } from "./list-user-profiles.server";
// Password sign-in.
export { logInWithPassword } from "./log-in-with-password.server";
// A member's sessions, and signing them out.
export { listMemberSessions, type MemberSession, type MemberSessionList, signOutEverywhere, signOutOtherSession } from "./member-sessions.server";
// Password resets and address confirmation.
export { EMAIL_CONFIRMED_PATH, isResetTokenUsable, resetPassword } from "./password-auth.server";
// The member's own profile.
export { getProfile, ProfileSaveError, saveProfile } from "./profile.server";
// Asking for a reset link.
export { requestPasswordResetLink } from "./request-password-reset-link.server";
// Asking for a sign-in link.
export { requestSignInLink, type SignInLinkClient } from "./request-sign-in-link.server";
// Making and e-mailing sign-in links.
export { createSignInLink, emailSignInLink } from "./sign-in-links.server";
// Signing up with a password.
export { signUpMember } from "./sign-up-member.server";
// The member directory's SMS consent, for the sms module: read, matched by phone, given, withdrawn.
export { directoryConsentedPhonesLike, directoryFirstNameForPhone, directoryTextConsentOf, directoryTextConsents, giveDirectoryTextConsent, withdrawDirectoryTextConsent } from "./directory-text-consent.server";
// What invitations read and write of members: who is a member already, the directory's contacts (a subquery), an invitee's directory row.
export { directoryContactsByAddress, type InviteeDetails, keepInviteeInDirectory, memberAddressesAmong } from "./directory-for-invitations.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { type AccountBulkRow, addUserProfilesIfNew, bulkInsertMembers, bulkInsertUserProfiles, listMemberAddresses, listUserProfileAddresses, memberIdsPresent, type ProfileBulkRow, type UserBulkRow, type UserProfileBulkRow } from "./bulk-load.server";
