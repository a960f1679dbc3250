import type { Route } from "./+types/export-guest-list";
import { refusalStatus } from "#app/lib/outcome";
import { siteConfig } from "#app/lib/site-config";
import { requireStaffApi } from "#app/routes/guards.server";
import { exportGuestList } from "#app/modules/reservations/index.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /admin/eventreservations/:eventId/guests.csv — one event's guest list as a CSV download
 * (the reservations page's policy action; logged). Visitors get 401 and other people 403, as JSON
 * like every staff endpoint; an unknown event 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffApi(request, "manage-reservations", context);
  if (!UUID.test(params.eventId)) return Response.json({ error: "There is no such event." }, { status: 404 });
  const outcome = await exportGuestList(context.db, user, params.eventId, { timeZone: siteConfig.venue.timeZone });
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: refusalStatus(outcome.reason) });
  return new Response(`\uFEFF${outcome.csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="guests-${outcome.slug}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
