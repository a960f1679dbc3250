import type { Route } from "./+types/stripe-webhook";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { logFailure } from "#app/lib/log.server";
import { receiveStripeWebhook } from "#app/modules/payments/index.server";

/** POST /api/payments/stripe: Stripe's events about our checkouts and refunds (issue 37, docs/decisions/066). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  // The signature is over the bytes as sent: read as text, never parsed and re-serialised first.
  const rawBody = await request.text();
  try {
    const outcome = await receiveStripeWebhook(context.db, context.payments, { rawBody, signature: request.headers.get("stripe-signature") }, context.wake.outbox, context.now());
    return new Response(outcome.message, { status: outcome.status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  } catch (error) {
    logFailure("payments", "applying a Stripe event", error);
    // Stripe sends a non-2xx event again (for up to three days); its id makes the retry count once.
    return new Response("Try again later", { status: 503 });
  }
}
