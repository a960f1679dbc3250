import {
  buildTrackingPayload,
  newAnonymousSessionId,
  type AudioAction,
} from "#app/modules/music";
import { readItem, writeItem, type PlayerTrack, type StorageLike } from "./player-state";
import { orElse } from "#app/lib/or-else";

// Used when storage is refused, so one page's events still share a session.
let sessionInMemory: string | null = null;

/** The visitor's anonymous session: made once, then kept in storage. */
export function anonymousSessionId(storage: StorageLike | null): string {
  const stored = readItem(storage, "anonymousSession");
  if (stored) return stored;
  sessionInMemory ??= newAnonymousSessionId();
  writeItem(storage, "anonymousSession", sessionInMemory);
  return sessionInMemory;
}

/** Sends one play, pause or end to POST /api/trackAudio; a failure is ignored (section 7). */
export function trackAudio(
  storage: StorageLike | null,
  user: { email: string; id: string } | null,
  event: { action: AudioAction; track: PlayerTrack; position: number; duration: number },
): void {
  const payload = buildTrackingPayload(
    {
      user,
      rid: readItem(storage, "rid"),
      campaign: readItem(storage, "campaign"),
      anonymousSessionId: user ? null : anonymousSessionId(storage),
    },
    event,
  );
  try {
    fetch("/api/trackAudio", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload),
      credentials: "same-origin",
      keepalive: true,
    }).catch(orElse(undefined, "listening statistics are best effort: the music plays on"));
  } catch {
    // A browser that refuses the request outright: listening goes on untracked.
  }
}
