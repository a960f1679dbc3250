import type { Route } from "./+types/track-audio";
import { tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { getUser } from "#app/routes/guards.server";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { recordAudioEvent } from "#app/modules/music/index.server";
import { describeTrackAudioProblem, trackAudioMessages, trackAudioPayloadSchema } from "#app/modules/music";
import { logFailure } from "#app/lib/log.server";

/** Listening events are a few hundred bytes; 2 kB leaves room and refuses anything else. */
const MAX_TRACK_AUDIO_BYTES = 2 * 1024;

/**
 * POST /api/trackAudio: one play, pause or end from the audio player (public-site.md section 7).
 * 204 when stored; 400 { error } for bad input; 429 for bursts. The player ignores the answer.
 */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request, MAX_TRACK_AUDIO_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  const parsed = trackAudioPayloadSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: describeTrackAudioProblem(parsed.error) }, { status: 400 });
  try {
    const user = await getUser(request, context);
    const outcome = await recordAudioEvent(context.db, parsed.data, {
      user: user ? { id: user.id, email: user.email } : null,
      clientKey: context.clientKey,
      limitMultiplier: context.env.RATE_LIMIT_MULTIPLIER,
    });
    if (outcome.recorded) return new Response(null, { status: 204 });
    return Response.json(
      { error: trackAudioMessages.tooMany },
      tooManyAttemptsInit(outcome.retryAfterSeconds),
    );
  } catch (error) {
    logFailure("music", "recording a listening event", error);
    return Response.json({ error: trackAudioMessages.couldNotRecord }, { status: 503 });
  }
}
