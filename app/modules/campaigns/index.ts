// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { announcementSchema, EVENT_ATTENDEES, MAX_ANNOUNCEMENT_ADDRESSES, MAX_ANNOUNCEMENT_BODY_BYTES } from "./announcement-form";
export { messageHtml } from "./campaign-content";
export { campaignNameFromSubject, suggestedCampaigns } from "./campaign-form";
export { campaignMessages, statsMessages } from "./campaign-messages";
export { type CampaignCounts, formatEta, percentDone } from "./progress";
export { reviewMessages, type SendReview } from "./send-review";
