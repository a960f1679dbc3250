import { data } from "react-router";
import type { AppLoadContext } from "react-router";

/**
 * The dev mailbox shows every e-mail the site wrote, sign-in links included, so it exists only
 * while no SMTP server is configured and only for requests from this machine (a loopback
 * connection, nothing forwarded, a loopback Host name: see `isLoopback`). Anyone else gets the
 * ordinary 404, as if it were not there.
 */
export function assertMailboxAccess(context: AppLoadContext): void {
  if (context.env.SMTP_URL || !context.isLoopback) throw data(null, { status: 404 });
}
