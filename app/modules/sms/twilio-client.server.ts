import { orElse } from "#app/lib/or-else";
/**
 * Twilio's Messages API over plain HTTP (POST /2010-04-01/Accounts/{sid}/Messages.json, form
 * encoded, Basic auth), so `TWILIO_API_BASE` can point the tests at a local server that speaks it.
 * The official package is used only for checking webhook signatures (inbound-sms.server.ts).
 */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a Messaging Service SID (MG…). */
  from: string;
  apiBase: string;
}

export type TwilioSendResult =
  | { ok: true; sid: string }
  | {
      ok: false;
      /** Worth trying again later: 429, 5xx, a network error or a timeout. */
      temporary: boolean;
      /** Twilio's error code when it gave one (21610: the number replied STOP to this sender). */
      code?: number;
      reason: string;
    };

/** Twilio's code for 'Attempt to send to unsubscribed recipient'. */
export const TWILIO_UNSUBSCRIBED_RECIPIENT = 21610;

export async function sendTwilioMessage(
  settings: TwilioSettings,
  message: { to: string; body: string; statusCallback?: string },
  timeoutMs = 15_000,
): Promise<TwilioSendResult> {
  const form = new URLSearchParams({ To: message.to, Body: message.body });
  if (settings.from.startsWith("MG")) form.set("MessagingServiceSid", settings.from);
  else form.set("From", settings.from);
  if (message.statusCallback) form.set("StatusCallback", message.statusCallback);
  const url = `${settings.apiBase.replace(/\/+$/, "")}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    return { ok: false, temporary: true, reason: `Twilio could not be reached: ${error instanceof Error ? error.message : String(error)}` };
  }
  const payload = (await response.json().catch(orElse({}, "a reply that is not JSON is judged by its HTTP status alone"))) as { sid?: string; code?: number; message?: string };
  if (response.ok && typeof payload.sid === "string") return { ok: true, sid: payload.sid };
  const reason = `Twilio answered ${response.status}${payload.code ? ` (error ${payload.code})` : ""}: ${payload.message ?? response.statusText}`;
  const temporary = response.status === 429 || response.status >= 500 || (response.ok && !payload.sid);
  return { ok: false, temporary, code: payload.code, reason };
}
