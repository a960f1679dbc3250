// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The announcement form: schema and limits.
export { announcementSchema, EVENT_ATTENDEES, MAX_ANNOUNCEMENT_ADDRESSES, MAX_ANNOUNCEMENT_BODY_BYTES } from "./announcement-form";
// A campaign message's HTML.
export { messageHtml } from "./campaign-content";
// The campaign form's suggestions.
export { campaignNameFromSubject, suggestedCampaigns } from "./campaign-form";
// The pages' texts.
export { campaignMessages, statsMessages } from "./campaign-messages";
// Progress: counts, percent done, time left.
export { type CampaignCounts, formatEta, percentDone } from "./progress";
// The review before a send: its shape and texts.
export { reviewMessages, type SendReview } from "./send-review";
