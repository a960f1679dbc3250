import type { Route } from "./+types/sms-status";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { recordDeliveryStatus } from "#app/modules/sms/index.server";
import { readSignedTwilioWebhook } from "./twilio-webhook.server";

/** POST /api/sms/status: Twilio's delivery report for a text we sent (signed like the inbound webhook). */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const webhook = await readSignedTwilioWebhook(request, context.env);
  if (!webhook.ok) return webhook.response;
  try {
    await recordDeliveryStatus(context.db, webhook.params);
    return new Response(null, { status: 204 });
  } catch (error) {
    console.error("[sms] recording a delivery report failed:", error instanceof Error ? error.message : error);
    return new Response("Try again later", { status: 503 });
  }
}
