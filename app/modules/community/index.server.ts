// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Staff: deleting a community sign-up (logged).
export { deleteCommunityMember } from "./delete-community-member.server";
// Joining the community list.
export { joinCommunity } from "./join-community.server";
// Joining the launch waitlist.
export { joinWaitlist } from "./join-waitlist.server";
// Staff lists: community, newsletter, waitlist, a page or whole, with CSV columns.
export { allCommunitySignups, allNewsletter, allWaitlist, communitySignupCsvColumns, listCommunitySignups, listNewsletter, listWaitlist, newsletterCsvColumns, waitlistCsvColumns } from "./list-sign-ups.server";
// The dashboard's sign-ups this week against last.
export { type SignUpTrend, signUpTrend } from "./sign-up-trend.server";
// Subscribing to the newsletter.
export { subscribeToNewsletter } from "./subscribe-to-newsletter.server";
// The community list's SMS consent, for the sms module: read, matched by phone, withdrawn.
export { communityConsentedPhonesLike, communityNameForPhone, communityTextConsentOf, communityTextConsents, withdrawCommunityTextConsent } from "./community-text-consent.server";
// The community list as campaigns address it: everyone, names by address, the composer's search.
export { type CommunityListEntry, communityMailingList, communityNamesByAddress, searchCommunityList } from "./community-list-for-campaigns.server";
// A member's own e-mail preferences (newsletter, campaigns).
export { getEmailPreferences, type PreferenceOwner, setEmailPreferences, type SetEmailPreferencesOutcome } from "./email-preferences.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { addNewsletterSubscribersIfNew, addWaitlistEntriesIfNew, bulkInsertSignUps, type CommunityBulkRow, listSignUpAddresses, type NewsletterBulkRow, signUpIdsPresent, type WaitlistBulkRow } from "./bulk-load.server";
