import { readJsonBody } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
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

/**
 * A door endpoint's work, answered the one way: the database failing is a 503 `{ error }` the
 * phone shows (its check-ins stay queued), logged as `doing`.
 */
export async function answerDoor(doing: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    logFailure("reservations", doing, error);
    return doorJson({ error: doorFailed }, 503);
  }
}

/** As answerDoor, for a JSON body of at most `maxBytes`: 413 above it, 400 for one that is not JSON. */
export async function answerDoorPost(request: Request, maxBytes: number, doing: string, work: (body: unknown) => Promise<Response>): Promise<Response> {
  const body = await readJsonBody(request, maxBytes);
  if (!body.ok) return doorJson({ error: body.error }, body.reason === "too-large" ? 413 : 400);
  return answerDoor(doing, () => work(body.value));
}
