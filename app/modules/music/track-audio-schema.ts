import { z } from "zod";
import { anonymousSessionIdPattern, audioActions, trackAudioLimits } from "./audio-tracking";
import { oneLine } from "#app/modules/security";

const { textMax, idMax, secondsMax } = trackAudioLimits;

/** Optional text that may also arrive as null or an empty string (the player sends null). */
const optionalText = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters).`)
    .check(oneLine)
    .nullish()
    .transform((value) => value || null);

const seconds = (label: string) =>
  z
    .number({ message: `${label} must be a number of seconds.` })
    .min(0, `${label} cannot be negative.`)
    .max(secondsMax, `${label} is too large.`);

/**
 * The body of POST /api/trackAudio (public-site.md section 7). Who the listener is comes from
 * the session on the server; the payload's userEmail and userId are checked for shape only.
 */
export const trackAudioPayloadSchema = z.object({
  userEmail: optionalText(254, "userEmail"),
  userId: optionalText(idMax, "userId"),
  trackSrc: z
    .string({ message: "trackSrc is required." })
    .trim()
    .min(1, "trackSrc is required.")
    .max(textMax, `trackSrc is too long (at most ${textMax} characters).`)
    .check(oneLine),
  trackTitle: z
    .string({ message: "trackTitle is required." })
    .trim()
    .min(1, "trackTitle is required.")
    .max(textMax, `trackTitle is too long (at most ${textMax} characters).`)
    .check(oneLine),
  action: z.enum(audioActions, { message: "action must be play, pause or ended." }),
  position: seconds("position"),
  duration: seconds("duration").nullish(),
  rid: optionalText(idMax, "rid"),
  campaign: optionalText(idMax, "campaign"),
  anonymousSessionId: optionalText(idMax, "anonymousSessionId").refine(
    (value) => value === null || anonymousSessionIdPattern.test(value),
    "anonymousSessionId must look like anon_<timestamp>_<random>.",
  ),
});

export const trackAudioMessages = {
  tooMany: "Too many listening events from this session. Please slow down.",
  couldNotRecord: "Could not record the listening event.",
} as const;

export type TrackAudioInput = z.infer<typeof trackAudioPayloadSchema>;

/** The first problem with a payload, as the endpoint's { error } text. */
export function describeTrackAudioProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "The listening event is not valid.";
  if (issue.code === "invalid_type" && issue.path.length === 0) return "The body must be a JSON object.";
  return issue.message;
}
