import type { Route } from "./+types/stats-community";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
import { statsMessages } from "#app/modules/campaigns";
import { communityStats, communityStatsSchema } from "#app/modules/campaigns/index.server";
import { requireStaffApi } from "#app/routes/guards.server";

/** 10,000 addresses of up to 254 characters, quoted: the body a full request needs, and no more. */
const STATS_COMMUNITY_MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * POST /api/statsCommunity (staff; cookie or bearer): `{ emails }` → `{ clickedMap, playCountMap }`
 * keyed by each e-mail as given; 400 `{ error }` for a body it cannot read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await requireStaffApi(request, "send-communications", context);
  const body = await readJsonBody(request, STATS_COMMUNITY_MAX_BODY_BYTES);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  const parsed = communityStatsSchema.safeParse(body.value);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]?.message ?? statsMessages.emailsList }, { status: 400 });
  try {
    return Response.json(await communityStats(context.db, parsed.data.emails));
  } catch (error) {
    logFailure("campaigns", "statsCommunity", error);
    return Response.json({ error: statsMessages.failed }, { status: 503 });
  }
}

export const loader = () => methodNotAllowed(["POST"]);
