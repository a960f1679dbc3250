import type { Route } from "./+types/sms-inbound";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { siteConfig } from "#app/lib/site-config";
import { handleInboundText } from "#app/modules/sms/index.server";
import { readSignedTwilioWebhook, twiml } from "./twilio-webhook.server";

/**
 * POST /api/sms/inbound: Twilio's incoming-message webhook. STOP words opt the number out at once,
 * START words back in, HELP gets the brand's help text; only signed requests count (403 otherwise).
 */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const webhook = await readSignedTwilioWebhook(request, context.env);
  if (!webhook.ok) return webhook.response;
  try {
    const outcome = await handleInboundText(context.db, webhook.params);
    if (outcome.action === "help") {
      return twiml(
        `${siteConfig.brand.name}: news of our gatherings, at most 4 texts a month. Reply STOP to opt out, START to opt back in. Help: ${siteConfig.contact.email}`,
      );
    }
    return twiml();
  } catch (error) {
    console.error("[sms] recording an incoming text failed:", error instanceof Error ? error.message : error);
    // Twilio retries on a 5xx, so the opt-out is not lost while the database is away.
    return new Response("Try again later", { status: 503 });
  }
}
