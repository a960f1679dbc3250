import { refusalStatus } from "#app/lib/outcome";
import { siteConfig } from "#app/lib/site-config";
import { signingSecret } from "#app/modules/music/index.server";
import type { DoorOptions } from "#app/modules/reservations/index.server";
import type { AppLoadContext } from "react-router";

/** What the door phone's endpoints share: no caching of guests' data anywhere, refusals as `{ error }` JSON. */
export const noStore = { "Cache-Control": "no-store" } as const;

export function doorJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { ...noStore, ...headers } });
}

export function doorRefused(refusal: { reason: Parameters<typeof refusalStatus>[0]; message: string; retryAfterSeconds?: number }): Response {
  const headers: Record<string, string> = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : {};
  return doorJson({ error: refusal.message }, refusalStatus(refusal.reason), headers);
}

/** The signing secret of ticket codes and the venue's time zone. */
export async function doorOptions(context: Pick<AppLoadContext, "auth">): Promise<DoorOptions> {
  return { secret: await signingSecret(context.auth), timeZone: siteConfig.venue.timeZone };
}

export const doorFailed = "The door list could not be reached just now. Your check-ins are kept on this phone; it will try again.";
