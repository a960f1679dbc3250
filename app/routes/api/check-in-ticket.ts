import type { Route } from "./+types/check-in-ticket";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { lookUpTicket } from "#app/modules/reservations/index.server";
import { requireStaffApi } from "#app/routes/guards.server";
import { answerDoorPost, doorJson, doorOptions, doorRefused } from "./door-answers.server";

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
  return answerDoorPost(request, MAX_TICKET_LOOKUP_BODY_BYTES, "looking up a ticket code", async (body) => {
    const client = { key: context.clientKey, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
    const outcome = await lookUpTicket(context.db, user, params.eventId, body, { ...(await doorOptions(context)), client });
    return outcome.ok ? doorJson(outcome.lookup) : doorRefused(outcome);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
