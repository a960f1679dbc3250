import type { Route } from "./+types/check-in-ticket";
import { jsonBodyMessages, methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
import { lookUpTicket } from "#app/modules/reservations/index.server";
import { requireStaffApi } from "#app/routes/guards.server";
import { doorFailed, doorJson, doorOptions, doorRefused } from "./door-answers.server";

/** `{ code }`: a ticket code is 16 characters, with spaces or dashes a few more. */
const MAX_TICKET_LOOKUP_BODY_BYTES = 1024;

/**
 * POST /api/check-in/:eventId/ticket (staff: manage-reservations, for this event) with `{ code }`
 * → TicketLookup JSON for a code the phone's list does not hold. 400 `{ error }` for a bad body,
 * 429 with Retry-After past 60 lookups a minute (per person and per client).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireStaffApi(request, "manage-reservations", context);
  const body = await readJsonBody(request, MAX_TICKET_LOOKUP_BODY_BYTES);
  if (!body.ok) return doorJson({ error: body.error }, body.error === jsonBodyMessages.tooLarge(MAX_TICKET_LOOKUP_BODY_BYTES) ? 413 : 400);
  try {
    const client = { key: context.clientKey, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
    const outcome = await lookUpTicket(context.db, user, params.eventId, body.value, { ...(await doorOptions(context)), client });
    if (!outcome.ok) return doorRefused(outcome);
    return doorJson(outcome.lookup);
  } catch (error) {
    logFailure("reservations", "looking up a ticket code", error);
    return doorJson({ error: doorFailed }, 503);
  }
}

export const loader = () => methodNotAllowed(["POST"]);
