// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { redeemAccessGift } from "./access-gift.server";
export { friendPassCookie, friendPassFrom, issueFriendPass } from "./friend-pass.server";
export { grantMusicAccess } from "./grant-music-access.server";
export { findTrackByFile } from "./list-tracks.server";
export { listenerEntitlement } from "./listener-entitlement.server";
export { type ListeningAnalytics, listeningAnalytics } from "./listening-analytics.server";
export { type Playlist, playlistOf } from "./member-playlist.server";
export { recordAudioEvent } from "./record-audio-event.server";
export { requestAccessGift } from "./request-access-gift.server";
export { seedTracks } from "./seed-tracks.server";
export { signingSecret } from "./signing-secret.server";
export { addMusicAccessIfNew, bulkInsertMusicAccess, listMusicAccessAddresses, type MusicAccessBulkRow, musicAccessIdsPresent } from "./bulk-load.server";
