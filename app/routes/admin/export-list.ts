import type { Route } from "./+types/export-list";
import { requireStaffApi } from "#app/routes/guards.server";
import { isDashboardListKey } from "#app/modules/dashboard";
import { exportDashboardList } from "#app/modules/dashboard/index.server";
import { refusalStatus } from "#app/lib/outcome";

/**
 * GET /admin/export/:list — the whole list as a CSV download (admins: the dashboard's policy
 * action). Visitors get 401 and other people 403, as JSON like every staff endpoint.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffApi(request, "open-dashboard", context);
  if (!isDashboardListKey(params.list)) return Response.json({ error: "There is no such list to export." }, { status: 404 });
  const outcome = await exportDashboardList(context.db, user, params.list);
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: refusalStatus(outcome.reason) });
  const { csv } = outcome;
  const day = context.now().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="harmonia-${params.list}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
