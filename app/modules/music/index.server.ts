// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Redeeming an access gift.
export { redeemAccessGift } from "./access-gift.server";
// The friend listening pass.
export { friendPassCookie, friendPassFrom, issueFriendPass } from "./friend-pass.server";
// Granting music access.
export { grantMusicAccess } from "./grant-music-access.server";
// A track by its file.
export { findTrackByFile } from "./list-tracks.server";
// What a listener may hear.
export { listenerEntitlement } from "./listener-entitlement.server";
// The dashboard's listening analytics.
export { type ListeningAnalytics, listeningAnalytics } from "./listening-analytics.server";
// The playlist a page shows.
export { type Playlist, playlistOf } from "./member-playlist.server";
// Recording a player's report (rate limited).
export { recordAudioEvent } from "./record-audio-event.server";
// Asking for an access gift.
export { requestAccessGift } from "./request-access-gift.server";
// Seeding the library.
export { seedTracks } from "./seed-tracks.server";
// The secret passes and gifts are signed with.
export { signingSecret } from "./signing-secret.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { addMusicAccessIfNew, bulkInsertMusicAccess, listMusicAccessAddresses, type MusicAccessBulkRow, musicAccessIdsPresent } from "./bulk-load.server";
