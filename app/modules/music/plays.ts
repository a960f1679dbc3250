/**
 * What the listening analytics count as one play (public-site.md section 7: the player posts
 * `play`, `pause` and `ended` with the position in seconds).
 *
 * The player reports `play` every time the audio starts: at the start of a track, but also when a
 * listener resumes after a pause and when the player carries on after a page change (it restores
 * the saved position). Counting every `play` would count one listening three or four times. So a
 * play is a `play` report whose position is within the first PLAY_START_SECONDS of the track: a
 * listen that starts the track. Resuming, or starting after a seek into the middle, is not a new
 * play. A looping single track reports no new `play` per loop, so one listen counts once.
 *
 * A listener is the signed-in member (user id, else e-mail) or, for visitors, the browser's
 * anonymous session id; reports with neither are counted as plays but not as listeners.
 */
export const PLAY_START_SECONDS = 5;

/** How far back the dashboard's listening analytics look. */
export const LISTENING_PERIOD_DAYS = 30;

export function isPlay(report: { action: string; position: number }): boolean {
  return report.action === "play" && report.position < PLAY_START_SECONDS;
}
