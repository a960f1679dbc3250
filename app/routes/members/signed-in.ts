import { redirect } from "react-router";
import type { Route } from "./+types/signed-in";
import { logFailure } from "#app/lib/log.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { siteConfig } from "#app/lib/site-config";
import { landingPathAfterSignIn } from "#app/modules/dashboard/index.server";
import { staffHomePath } from "#app/modules/access";
import { getUser } from "#app/routes/guards.server";

/**
 * Where a sign-in that named no page leads (a link asked for on /login, a password sign-in): on to
 * the page of the person's role; `?member=` names a member's page (a password sign-in: /). Signed
 * out, to /login.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  if (!user) throw redirect("/login");
  const memberPath = safeRedirectPath(new URL(request.url).searchParams.get("member"), context.env.PUBLIC_URL, "/welcome");
  const db = context.db;
  const path = await landingPathAfterSignIn(db, user, { timeZone: siteConfig.venue.timeZone, memberPath }).catch((error: unknown) => {
    // The door's event could not be looked up: the staff area's first page lists every event.
    logFailure("members", "finding where to land after sign-in", error);
    return staffHomePath(user) ?? memberPath;
  });
  throw redirect(path);
}
