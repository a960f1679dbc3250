// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type FanOutStarter, unsubscribeUrl } from "./campaign-kinds.server";
export { campaignLandingPath, campaignLinkState, redeemCampaignLink } from "./campaign-links.server";
export { renderCampaignPreview, sendCampaignPreview } from "./campaign-preview.server";
export { campaignResults, exportCampaignResults, resultLabels } from "./campaign-results.server";
export { type CampaignEngagement, communityStats, communityStatsSchema } from "./campaign-stats.server";
export { communityNameOf } from "./community-recipients.server";
export { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedRecipients } from "./control-campaign.server";
export { createCampaign, createReviewedCampaign } from "./create-campaign.server";
export { createTextCampaign } from "./create-text-campaign.server";
export { controlEventAttendeeMail, mailEventGuests, sendAnnouncementToAddresses, sendEventAttendeeMail } from "./event-attendees.server";
export { campaignJobs } from "./jobs.server";
export { reviewSecret } from "./review-send.server";
export { type CommunicationsPage, readCommunicationsPage, readEventMailings } from "./staff-page-reads.server";
export { findUnsubscribeTarget, resubscribe, unsubscribe } from "./unsubscribe-link.server";
