/**
 * The listening-analytics contract shared by the player (which builds the payload) and
 * POST /api/trackAudio (which checks it): public-site.md sections 3 and 7. Pure, no browser or
 * server APIs, so it is unit-tested and loads in both.
 */
import { attributionIdMax } from "./attribution";

export { attributionFromQuery } from "./attribution";

export const audioActions = ["play", "pause", "ended"] as const;
export type AudioAction = (typeof audioActions)[number];

/** The JSON body of POST /api/trackAudio, field for field as the spec names them. */
export interface TrackAudioPayload {
  userEmail: string | null;
  userId: string | null;
  trackSrc: string;
  trackTitle: string;
  action: AudioAction;
  /** Seconds into the track. */
  position: number;
  /** Seconds; sent only when the browser knows a finite duration. */
  duration?: number;
  rid: string | null;
  campaign: string | null;
  /** 'anon_' + timestamp + random, sent when there is no signed-in user. */
  anonymousSessionId: string | null;
}

/** Limits the endpoint enforces; the player never comes near them. */
export const trackAudioLimits = {
  textMax: 500,
  idMax: attributionIdMax,
  /** A few hours of audio is the longest anything in the library can be; beyond that is garbage. */
  secondsMax: 24 * 60 * 60,
} as const;

export const anonymousSessionIdPattern = /^anon_\d{10,16}_[a-z0-9]{6,32}$/;

/** 'anon_' + the time in milliseconds + a random suffix. */
export function newAnonymousSessionId(now = Date.now(), random: () => number = Math.random): string {
  let suffix = "";
  while (suffix.length < 10) suffix += Math.floor(random() * 36).toString(36);
  return `anon_${now}_${suffix}`;
}

export interface TrackingContext {
  user: { email: string; id: string } | null;
  rid?: string | null;
  campaign?: string | null;
  /** Used only when there is no user. */
  anonymousSessionId?: string | null;
}

/**
 * The payload for one play, pause or end. The duration is left out unless it is a finite number
 * (an unloaded or live stream reports NaN or Infinity); a visitor is identified only by the
 * anonymous session id.
 */
export function buildTrackingPayload(
  context: TrackingContext,
  event: { action: AudioAction; track: { src: string; title: string }; position: number; duration: number },
): TrackAudioPayload {
  const payload: TrackAudioPayload = {
    userEmail: context.user?.email ?? null,
    userId: context.user?.id ?? null,
    trackSrc: event.track.src,
    trackTitle: event.track.title,
    action: event.action,
    position: Number.isFinite(event.position) && event.position > 0 ? Math.round(event.position * 1000) / 1000 : 0,
    rid: context.rid ?? null,
    campaign: context.campaign ?? null,
    anonymousSessionId: context.user ? null : (context.anonymousSessionId ?? null),
  };
  if (Number.isFinite(event.duration) && event.duration >= 0) payload.duration = Math.round(event.duration * 1000) / 1000;
  return payload;
}
