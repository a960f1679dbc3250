// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { deleteCommunityMember } from "./delete-community-member.server";
export { joinCommunity } from "./join-community.server";
export { joinWaitlist } from "./join-waitlist.server";
export { allCommunitySignups, allNewsletter, allWaitlist, communitySignupCsvColumns, listCommunitySignups, listNewsletter, listWaitlist, newsletterCsvColumns, waitlistCsvColumns } from "./list-sign-ups.server";
export { type SignUpTrend, signUpTrend } from "./sign-up-trend.server";
export { subscribeToNewsletter } from "./subscribe-to-newsletter.server";
export { communityConsentedPhonesLike, communityNameForPhone, communityTextConsentOf, communityTextConsents, withdrawCommunityTextConsent } from "./community-text-consent.server";
export { type CommunityListEntry, communityMailingList, communityNamesByAddress, searchCommunityList } from "./community-list-for-campaigns.server";
export { getEmailPreferences, type PreferenceOwner, setEmailPreferences, type SetEmailPreferencesOutcome } from "./email-preferences.server";
