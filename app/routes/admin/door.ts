import { redirect } from "react-router";
import type { Route } from "./+types/door";
import { logFailure } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import { findDoorEvent } from "#app/modules/reservations/index.server";
import { requireStaffPage } from "#app/routes/guards.server";

/**
 * GET /admin/eventreservations/door — the installed door app's start (public/door.webmanifest,
 * docs/decisions/068): the check-in page of the event the door works today (findDoorEvent, the
 * same event event staff land on after signing in), else the reservations page. Inside the app's
 * scope, so the phone's service worker can answer it with the last door list when there is no signal.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "manage-reservations", context);
  const event = await findDoorEvent(context.db, user, { timeZone: siteConfig.venue.timeZone }).catch((error: unknown) => {
    // The reservations page lists every event: the door's is one tap away.
    logFailure("reservations", "finding the door's event", error);
    return null;
  });
  throw redirect(event ? `/admin/eventreservations/${event.id}/check-in` : "/admin/eventreservations", { headers: { "Cache-Control": "no-store" } });
}
