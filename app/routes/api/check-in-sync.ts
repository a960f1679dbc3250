import type { Route } from "./+types/check-in-sync";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { syncDoorTaps } from "#app/modules/reservations/index.server";
import { requireStaffApi } from "#app/routes/guards.server";
import { answerDoorPost, doorJson, doorOptions, doorRefused } from "./door-answers.server";

/** 200 taps with the longest names and addresses a walk-in may have fit in this. */
const MAX_DOOR_SYNC_BODY_BYTES = 192 * 1024;

/**
 * POST /api/check-in/:eventId/sync (staff: manage-reservations, for this event) with
 * `{ taps: DoorTap[] }` → DoorSyncAnswer JSON: each tap's outcome in order (a tap sent again
 * answers as the first time) and the door list. 400 `{ error }` for a body that is not JSON or
 * not the contract, 413 above the size cap, 401/403/404 as the list.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const user = await requireStaffApi(request, "manage-reservations", context);
  return answerDoorPost(request, MAX_DOOR_SYNC_BODY_BYTES, "syncing door taps", async (body) => {
    const outcome = await syncDoorTaps(context.db, user, params.eventId, body, await doorOptions(context));
    return outcome.ok ? doorJson(outcome.answer) : doorRefused(outcome);
  });
}

export const loader = () => methodNotAllowed(["POST"]);
