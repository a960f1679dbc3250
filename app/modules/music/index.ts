// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The rid and campaign a page's address carries.
export { attributionFromQuery } from "./attribution";
// The player's reports.
export { type AudioAction, buildTrackingPayload, newAnonymousSessionId } from "./audio-tracking";
// HTTP Range arithmetic.
export { parseRange } from "./byte-range";
// Tiers: may this entitlement hear this track.
export { canHear } from "./playlists";
// What counts as a play.
export { PLAY_START_SECONDS } from "./plays";
// The audio report's schema and texts.
export { describeTrackAudioProblem, trackAudioMessages, trackAudioPayloadSchema } from "./track-audio-schema";
