import { eq, sql } from "drizzle-orm";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { outbox } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { optIn, optOut } from "./queue-text.server";
import { TWILIO_UNSUBSCRIBED_RECIPIENT } from "./twilio-client.server";
import { inboundKeyword, toE164 } from "./sms-texts";

export interface SignedWebhook {
  /** The address Twilio posted to, as Twilio saw it: PUBLIC_URL + path (+ query). */
  url: string;
  params: Record<string, string>;
  signature: string | null;
}

/**
 * Whether a webhook really comes from Twilio: its X-Twilio-Signature is the HMAC-SHA1, keyed with
 * our auth token, of the URL followed by the sorted POST parameters (Twilio's own check, from the
 * official package). Without an auth token nothing can be verified, so nothing is accepted.
 */
export function isSignedByTwilio(authToken: string | undefined, webhook: SignedWebhook): boolean {
  if (!authToken || !webhook.signature) return false;
  return validateRequest(authToken, webhook.signature, webhook.url, webhook.params);
}

export type InboundOutcome = { action: "opted-out" | "opted-in" | "help" | "ignored"; phone: string | null };

/**
 * An incoming text: STOP words opt the number out at once, START words back in, HELP words get
 * the brand's help text (the route answers it as TwiML); anything else is only acknowledged.
 */
export async function handleInboundText(db: Database, params: Record<string, string>): Promise<InboundOutcome> {
  const phone = toE164(params.From ?? "") ?? (params.From?.startsWith("+") ? params.From : null);
  const keyword = inboundKeyword(params.Body ?? "", params.OptOutType);
  if (!phone || !keyword) return { action: "ignored", phone };
  if (keyword === "stop") {
    await optOut(db, phone, "reply");
    return { action: "opted-out", phone };
  }
  if (keyword === "start") {
    await optIn(db, phone);
    return { action: "opted-in", phone };
  }
  return { action: "help", phone };
}

/**
 * Twilio's delivery report for a text we sent: recorded on its outbox row (delivered, undelivered,
 * failed, with Twilio's error code). A 21610 marks the number opted out.
 */
export async function recordDeliveryStatus(db: Database, params: Record<string, string>): Promise<boolean> {
  const sid = params.MessageSid ?? params.SmsSid;
  const status = params.MessageStatus ?? params.SmsStatus;
  if (!sid || !status) return false;
  const errorCode = params.ErrorCode ? Number(params.ErrorCode) : undefined;
  const updated = await db
    .update(outbox)
    .set({
      meta: sql`${outbox.meta} || ${JSON.stringify({ deliveryStatus: status, ...(errorCode ? { deliveryErrorCode: String(errorCode) } : {}) })}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(eq(outbox.providerId, sid))
    .returning({ recipient: outbox.recipient });
  if (errorCode === TWILIO_UNSUBSCRIBED_RECIPIENT && updated[0]) await optOut(db, updated[0].recipient, "carrier");
  return updated.length > 0;
}
