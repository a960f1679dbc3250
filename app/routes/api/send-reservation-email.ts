import type { Route } from "./+types/send-reservation-email";
import { tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import {
  reservationEmailMessages,
  reservationEmailRequestSchema,
  sendReservationEmail,
} from "#app/modules/reservations/index.server";
import { logFailure } from "#app/lib/log.server";

/**
 * POST /api/sendReservationEmail: the spec's payload (plus an optional reservationId) in;
 * `{ sent: true }` when a matching reservation's confirmation is (or already was) on its way,
 * 404 when none matches, 400 for bad input. The answer carries no personal data.
 */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  const parsed = reservationEmailRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    return Response.json({ error: parsed.error.issues[0]?.message ?? reservationEmailMessages.invalidBody }, { status: 400 });
  }
  const env = context.env;
  try {
    const outcome = await sendReservationEmail(context.db, parsed.data, {
      clientKey: context.clientKey,
      rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
      wake: context.wake.outbox,
    });
    if (outcome.sent) return Response.json({ sent: true });
    if (outcome.reason === "too-many-attempts") {
      return Response.json(
        { error: reservationEmailMessages.tooManyAttempts },
        tooManyAttemptsInit(outcome.retryAfterSeconds),
      );
    }
    return Response.json({ error: reservationEmailMessages.notFound }, { status: 404 });
  } catch (error) {
    logFailure("reservations", "sendReservationEmail", error);
    return Response.json({ error: reservationEmailMessages.couldNotSend }, { status: 503 });
  }
}
