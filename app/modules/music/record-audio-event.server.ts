import type { Database } from "#app/lib/db.server";
import { audioEvents } from "#db/schema";
import { consumeRateLimits, type RateLimitRule } from "#app/modules/security/index.server";
import type { TrackAudioInput } from "./track-audio-schema";

/**
 * Burst limits. A listener produces a handful of events a minute even while skipping through the
 * playlist; 40 in a minute from one session is a loop or a script. The per-address allowance is
 * wider, for a household or an office behind one address.
 */
export const audioEventLimits: { perSession: RateLimitRule; perAddress: RateLimitRule } = {
  perSession: { limit: 40, windowSeconds: 60 },
  perAddress: { limit: 400, windowSeconds: 60 },
};

export type RecordAudioEventResult = { recorded: true } | { recorded: false; retryAfterSeconds: number };

/**
 * Stores one play, pause or end. The listener is who the server says is signed in, never who the
 * payload claims to be; without a session the browser's anonymous id stands for them.
 */
export async function recordAudioEvent(
  db: Database,
  input: TrackAudioInput,
  who: { user: { id: string; email: string } | null; clientKey: string; limitMultiplier?: number },
): Promise<RecordAudioEventResult> {
  const session = who.user ? `user:${who.user.id}` : input.anonymousSessionId ? `anon:${input.anonymousSessionId}` : `client:${who.clientKey}`;
  const limit = await consumeRateLimits(
    db,
    [
      { key: `audio:session:${session}`, rule: audioEventLimits.perSession },
      { key: `audio:client:${who.clientKey}`, rule: audioEventLimits.perAddress },
    ],
    who.limitMultiplier,
  );
  if (!limit.allowed) return { recorded: false, retryAfterSeconds: limit.retryAfterSeconds };

  await db.insert(audioEvents).values({
    userEmail: who.user?.email ?? null,
    userId: who.user?.id ?? null,
    trackSrc: input.trackSrc,
    trackTitle: input.trackTitle,
    action: input.action,
    position: input.position,
    duration: input.duration ?? null,
    rid: input.rid,
    campaign: input.campaign,
    anonymousSessionId: who.user ? null : input.anonymousSessionId,
  });
  return { recorded: true };
}
