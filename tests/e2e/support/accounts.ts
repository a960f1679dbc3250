/**
 * Staff addresses the browser tests' server is started with (playwright.config.ts), one for each
 * test that needs the full playlist. Tests run side by side; two of them asking for sign-in links
 * to one inbox could each take the other's link, so no address is shared.
 */
export const fullPlaylistListeners = {
  playerMember: "listener-player@example.com",
  playerHint: "listener-hint@example.com",
  playerMusicPage: "listener-music-page@example.com",
  meditationPage: "listener-meditation@example.com",
} as const;
