// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { attributionFromQuery } from "./attribution";
export { type AudioAction, buildTrackingPayload, newAnonymousSessionId } from "./audio-tracking";
export { parseRange } from "./byte-range";
export { canHear } from "./playlists";
export { PLAY_START_SECONDS } from "./plays";
export { describeTrackAudioProblem, trackAudioMessages, trackAudioPayloadSchema } from "./track-audio-schema";
