// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { deleteCommunityMember } from "./delete-community-member.server";
export { joinCommunity } from "./join-community.server";
export { joinWaitlist } from "./join-waitlist.server";
export { allCommunitySignups, allNewsletter, allWaitlist, communitySignupCsvColumns, listCommunitySignups, listNewsletter, listWaitlist, newsletterCsvColumns, waitlistCsvColumns } from "./list-sign-ups.server";
export { type SignUpTrend, signUpTrend } from "./sign-up-trend.server";
export { subscribeToNewsletter } from "./subscribe-to-newsletter.server";
export { addNewsletterSubscribersIfNew, addWaitlistEntriesIfNew, bulkInsertSignUps, type CommunityBulkRow, listSignUpAddresses, type NewsletterBulkRow, signUpIdsPresent, type WaitlistBulkRow } from "./bulk-load.server";
