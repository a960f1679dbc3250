import { createHash } from "node:crypto";
import type { Route } from "./+types/check-in-list";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { loadDoorList } from "#app/modules/reservations/index.server";
import { requireStaffApi } from "#app/routes/guards.server";
import { answerDoor, doorJson, doorOptions, doorRefused, noStore } from "./door-answers.server";

/**
 * GET /api/check-in/:eventId (staff: manage-reservations, for this event) → the door list
 * (DoorList JSON), or 401/403/404 `{ error }`. Phones poll it every few seconds: its ETag is the
 * list's hash (without `asOf`), and `If-None-Match` with it answers 304 with no body.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffApi(request, "manage-reservations", context);
  return answerDoor("reading the door list", async () => {
    const outcome = await loadDoorList(context.db, user, params.eventId, await doorOptions(context));
    if (!outcome.ok) return doorRefused(outcome);
    const { asOf: _asOf, ...content } = outcome.list;
    const etag = `"${createHash("sha256").update(JSON.stringify(content)).digest("base64url").slice(0, 27)}"`;
    const given = request.headers.get("if-none-match") ?? "";
    if (given.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return new Response(null, { status: 304, headers: { ...noStore, ETag: etag } });
    return doorJson(outcome.list, 200, { ETag: etag });
  });
}

export const action = () => methodNotAllowed(["GET"]);
