import { and, eq, gt, sql } from "drizzle-orm";
import { validateRequest } from "twilio/lib/webhooks/webhooks";
import { smsEvents } from "#db/schema";
import { recordDeliveryReport } from "#app/modules/messaging/index.server";
import { queryRows, type Database } from "#app/lib/db.server";
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

export type InboundOutcome = {
  /** `repeated`: this MessageSid was processed already; `superseded`: a START older than the number's latest STOP. */
  action: "opted-out" | "opted-in" | "help" | "ignored" | "repeated" | "superseded";
  phone: string | null;
};

/**
 * An incoming text: STOP words opt the number out at once, START words back in, HELP words get
 * the brand's help text (the route answers it as TwiML); anything else is only acknowledged.
 * Each MessageSid is processed once (a replayed or retried webhook changes nothing), and a
 * number's texts are applied in the order they reached us (`receivedAt`, by default the start of
 * this transaction on the database's clock): a STOP always opts out, a START opts back in only
 * if it was received after the number's latest applied STOP.
 */
export async function handleInboundText(db: Database, params: Record<string, string>, receivedAt?: Date): Promise<InboundOutcome> {
  const phone = toE164(params.From ?? "") ?? (params.From?.startsWith("+") ? params.From : null);
  const messageSid = params.MessageSid ?? params.SmsSid;
  const keyword = inboundKeyword(params.Body ?? "", params.OptOutType);
  if (!phone || !messageSid) return { action: "ignored", phone };
  return db.transaction(async (tx) => {
    const at = receivedAt ?? new Date((await queryRows<{ now: string | Date }>(tx, sql`select now() as now`))[0]!.now);
    // One number's texts one at a time, so the order check below sees every earlier one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-inbound:${phone}`}))`);
    const [latestStop] =
      keyword === "start"
        ? await tx
            .select({ receivedAt: smsEvents.receivedAt })
            .from(smsEvents)
            .where(and(eq(smsEvents.phone, phone), eq(smsEvents.keyword, "stop"), eq(smsEvents.applied, true), gt(smsEvents.receivedAt, at)))
            .limit(1)
        : [];
    const applied = keyword === "stop" || (keyword === "start" && !latestStop);
    const recorded = await tx
      .insert(smsEvents)
      .values({ messageSid, phone, keyword, receivedAt: at, applied })
      .onConflictDoNothing()
      .returning({ messageSid: smsEvents.messageSid });
    if (recorded.length === 0) return { action: "repeated", phone };
    if (keyword === "stop") {
      await optOut(tx, phone, "reply");
      return { action: "opted-out", phone };
    }
    if (keyword === "start") {
      if (!applied) return { action: "superseded", phone };
      await optIn(tx, phone);
      return { action: "opted-in", phone };
    }
    return { action: keyword === "help" ? "help" : "ignored", phone };
  });
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
  const recipients = await recordDeliveryReport(db, sid, { deliveryStatus: status, ...(errorCode ? { deliveryErrorCode: String(errorCode) } : {}) });
  if (errorCode === TWILIO_UNSUBSCRIBED_RECIPIENT && recipients[0]) await optOut(db, recipients[0], "carrier");
  return recipients.length > 0;
}
