import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { authHeaders } from "#app/routes/guards.server";
import { orElse } from "#app/lib/or-else";

/**
 * Ends the session on the server, clears its cookie and goes home. The browser also forgets what
 * it kept for this site (Clear-Site-Data): the door's service worker, its kept pages and scripts,
 * and anything in local storage or IndexedDB, so a phone handed back holds no guest list
 * (decision 068). A header, so it works without JavaScript too; cookies are left to Set-Cookie.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await context.auth
    .api.signOut({ headers: authHeaders(request, context.clientIp), returnHeaders: true })
    .catch(orElse(null, "a session the server no longer knows is signed out by clearing its cookie, below"));
  const headers = new Headers({ "Clear-Site-Data": '"cache", "storage"' });
  for (const cookie of result?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
