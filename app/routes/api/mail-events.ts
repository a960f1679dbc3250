import type { Route } from "./+types/mail-events";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
import { refusalStatus } from "#app/lib/outcome";
import { receiveMailEvent } from "#app/modules/deliverability/index.server";

/** POST /api/mail/events/{generic,postmark,ses}: a provider's bounce or complaint (docs/decisions/048). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await request.text();
  const headers = { "x-signature": request.headers.get("x-signature") ?? undefined, authorization: request.headers.get("authorization") ?? undefined };
  try {
    const outcome = await receiveMailEvent(context.db, context.env, { provider: params.provider, body, headers });
    const status = outcome.ok ? 200 : refusalStatus(outcome.reason);
    return new Response(outcome.message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  } catch (error) {
    logFailure("bounces", "recording a mail event", error);
    // The provider retries a non-2xx answer; the event's key makes the retry count once.
    return new Response("Try again later", { status: 503 });
  }
}
