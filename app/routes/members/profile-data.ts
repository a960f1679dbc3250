import { redirect } from "react-router";
import type { Route } from "./+types/profile-data";
import { logFailure } from "#app/lib/log.server";
import { siteConfig } from "#app/lib/site-config";
import { exportMemberData } from "#app/modules/members/index.server";
import { exportFileName } from "#app/modules/members";
import { requireMember } from "#app/routes/guards.server";

/**
 * POST /profile/data: the signed-in member's data as a JSON download. A POST (from the profile
 * page's form) so no prefetch or crawler starts the heavy gathering; over the limit it goes back
 * to the profile, which says how long to wait (or that it failed).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireMember(request, context);
  try {
    const outcome = await exportMemberData(context.db, user, { key: context.clientKey, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER });
    if (!outcome.ok) return redirect(`/profile?exportRetry=${outcome.retryAfterSeconds}`);
    const fileName = exportFileName(siteConfig.brand.name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), context.now(), siteConfig.venue.timeZone);
    return new Response(JSON.stringify(outcome.data, null, 2), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    logFailure("profile", "exporting a member's data", error);
    return redirect("/profile?exportFailed=1");
  }
}

export const loader = () => redirect("/profile");
