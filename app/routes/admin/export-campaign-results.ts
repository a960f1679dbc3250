import type { Route } from "./+types/export-campaign-results";
import { refusalStatus } from "#app/lib/outcome";
import { siteConfig } from "#app/lib/site-config";
import { exportCampaignResults } from "#app/modules/campaigns/index.server";
import { requireStaffApi, searchParam } from "#app/routes/guards.server";

/**
 * GET /admin/communications/campaigns/:campaignId/results.csv — a campaign's per-recipient results
 * as a CSV download (admins; logged), narrowed by `q` as the page is. Visitors get 401 and other
 * people 403, as JSON like every staff endpoint; a refusal answers with its reason's status (an unknown campaign 404).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffApi(request, "send-communications", context);
  const search = searchParam(new URL(request.url).searchParams, "q");
  const outcome = await exportCampaignResults(context.db, user, params.campaignId, { timeZone: siteConfig.venue.timeZone, search });
  if (!outcome.ok) return Response.json({ error: outcome.message }, { status: refusalStatus(outcome.reason) });
  return new Response(`\uFEFF${outcome.csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${outcome.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
