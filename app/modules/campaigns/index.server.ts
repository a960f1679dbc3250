// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Shared by every kind: the fan-out's starter and the unsubscribe address.
export { type FanOutStarter, unsubscribeUrl } from "./campaign-kinds.server";
// Personal links: where a click lands, its state, redeeming it.
export { campaignLandingPath, campaignLinkState, redeemCampaignLink } from "./campaign-links.server";
// A message rendered for one person, on the page or e-mailed to staff.
export { renderCampaignPreview, sendCampaignPreview } from "./campaign-preview.server";
// Each recipient's result, and its CSV.
export { campaignResults, exportCampaignResults, resultLabels } from "./campaign-results.server";
// Engagement: listeners and plays per campaign, clicks and plays per address.
export { type CampaignEngagement, communityStats, communityStatsSchema } from "./campaign-stats.server";
// The community's name for an address.
export { communityNameOf } from "./community-recipients.server";
// Staff controls: pause, resume, cancel, retry the failed.
export { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedRecipients } from "./control-campaign.server";
// Creating an e-mail campaign: the API's one call, or a staff page's after its review.
export { createCampaign, createReviewedCampaign } from "./create-campaign.server";
// Creating a group text (channel sms).
export { createTextCampaign } from "./create-text-campaign.server";
// Mail to one event's guests and announcements to a list of addresses.
export { controlEventAttendeeMail, mailEventGuests, sendAnnouncementToAddresses, sendEventAttendeeMail } from "./event-attendees.server";
// The fan-out job and its every-minute sweep.
export { campaignJobs } from "./jobs.server";
// The secret that signs review tokens.
export { reviewSecret } from "./review-send.server";
// What the communications page and the reservations page's mails show (each asks the policy).
export { type CommunicationsPage, readCommunicationsPage, readEventMailings } from "./staff-page-reads.server";
export { findUnsubscribeTarget, resubscribe, unsubscribe } from "./unsubscribe-link.server";
