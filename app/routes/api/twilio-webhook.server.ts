import { readForm } from "#app/lib/form-data.server";
import type { Env } from "#app/lib/env.server";
import { isSignedByTwilio } from "#app/modules/sms/index.server";

/**
 * The POST parameters of a Twilio webhook, or a 403 answer when its X-Twilio-Signature does not
 * prove it came from Twilio. The signature covers the address Twilio posted to, which is ours as
 * PUBLIC_URL says (behind a proxy the request's own URL may differ), plus the parameters.
 */
export async function readSignedTwilioWebhook(
  request: Request,
  env: Pick<Env, "PUBLIC_URL" | "TWILIO_AUTH_TOKEN">,
): Promise<{ ok: true; params: Record<string, string> } | { ok: false; response: Response }> {
  const params = await readForm(request);
  const url = new URL(request.url);
  const signedUrl = `${env.PUBLIC_URL}${url.pathname}${url.search}`;
  if (!isSignedByTwilio(env.TWILIO_AUTH_TOKEN, { url: signedUrl, params, signature: request.headers.get("x-twilio-signature") })) {
    return { ok: false, response: new Response("This webhook is accepted only with a valid X-Twilio-Signature.", { status: 403 }) };
  }
  return { ok: true, params };
}

/** A TwiML answer: empty, or one reply text. */
export function twiml(reply?: string): Response {
  const escaped = reply?.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const body = `<?xml version="1.0" encoding="UTF-8"?><Response>${escaped ? `<Message>${escaped}</Message>` : ""}</Response>`;
  return new Response(body, { headers: { "Content-Type": "text/xml; charset=utf-8" } });
}
