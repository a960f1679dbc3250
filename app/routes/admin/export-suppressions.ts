import type { Route } from "./+types/export-suppressions";
import { exportSuppressions } from "#app/modules/deliverability/index.server";
import { requireStaffApi, searchParam } from "#app/routes/guards.server";

/** GET /admin/communications/deliverability.csv — the suppression list as CSV (admins; logged), narrowed by `q` as the page is. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffApi(request, "manage-suppressions", context);
  const search = searchParam(new URL(request.url).searchParams, "q");
  const { csv } = await exportSuppressions(context.db, user, search);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="suppressions.csv"',
      "Cache-Control": "no-store",
    },
  });
}
