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
