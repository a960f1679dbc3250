import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { log, logFailure } from "#app/lib/log.server";
import type { Refusal, Success } from "#app/lib/outcome";
import { matchReport } from "./match-report.server";
import { recordBounceEvent, type BounceEventInput } from "./record-bounce.server";
import { isSignedBy, isSnsMessage, isTrustedCertificateUrl, isTrustedSnsUrl, signingCertificate, type SnsMessage } from "./sns-signature.server";
import { recordUnmatchedReport } from "./unmatched-reports.server";
import { tokensIn } from "./verp";
import { normaliseEmailAddress, sameEmailAddress } from "#app/lib/email-address";

export type MailEventProvider = "generic" | "postmark" | "ses";

export interface MailEventSettings {
  MAIL_EVENTS_SECRET?: string;
  POSTMARK_WEBHOOK_USER?: string;
  POSTMARK_WEBHOOK_PASSWORD?: string;
  SES_SNS_TOPIC_ARN?: string;
  /** Tests only: where requests for SNS's hosts go instead (a local server); the URLs are still checked as Amazon's. */
  SNS_API_BASE?: string;
  MAIL_BOUNCE_ADDRESS?: string;
  BOUNCE_SOFT_LIMIT: number;
}

/**
 * What receiving a provider's post came to: recorded (with a short text for the provider), or a
 * refusal whose reason the endpoint answers with the one status table (app/lib/outcome.ts). A
 * provider resends after 5xx only, so the reasons are chosen with that in mind: `unavailable`
 * (503) when trying again helps, a 4xx when it would not.
 */
export type MailEventOutcome = Success<{ message: string }> | Refusal<MailEventRefusal>;

type MailEventRefusal = "too-large" | "not-found" | "forbidden" | "invalid" | "unavailable" | "not-confirmed";

/** An SES notification with the bounced message's headers is a few KB; the route's body limit is 256 KB. */
const MAX_EVENT_BODY_CHARS = 256 * 1024;

/** SNS messages older than this are refused as replays (SNS retries within the hour). */
const SNS_MAX_AGE_MS = 60 * 60 * 1000;

const refusal = (reason: MailEventRefusal, message: string): MailEventOutcome => ({ ok: false, reason, message });
const refused = (message: string): MailEventOutcome => refusal("forbidden", message);
const accepted = (count: number): MailEventOutcome => ({ ok: true, message: `Recorded ${count} event${count === 1 ? "" : "s"}.` });

/**
 * A provider's bounce or complaint webhook (docs/decisions/048): the request is proved first (HMAC,
 * basic auth, SNS signature); an unproved one is answered 403 and changes nothing. Each event is
 * keyed so that the same event posted again (a retry, a replay) is recorded once.
 */
export async function receiveMailEvent(
  db: Database,
  settings: MailEventSettings,
  request: { provider: string; body: string; headers: Record<string, string | undefined> },
): Promise<MailEventOutcome> {
  // The server caps the body already (server/body-limit.ts); this holds for any caller, before anything is parsed.
  if (request.body.length > MAX_EVENT_BODY_CHARS) return refusal("too-large", "The event is too large.");
  switch (request.provider) {
    case "generic":
      return receiveGeneric(db, settings, request.body, request.headers["x-signature"]);
    case "postmark":
      return receivePostmark(db, settings, request.body, request.headers.authorization);
    case "ses":
      return receiveSes(db, settings, request.body);
    default:
      return refusal("not-found", "Unknown mail event provider.");
  }
}

const genericEvent = z.object({
  type: z.enum(["bounce", "complaint"]),
  email: z.email(),
  messageId: z.string().max(500).optional(),
  permanent: z.boolean().optional(),
  reason: z.string().max(2000).optional(),
  at: z.iso.datetime({ offset: true }).optional(),
});

/** X-Signature: `sha256=<hex>` (or the bare hex) of the body's HMAC-SHA256 with MAIL_EVENTS_SECRET. */
async function receiveGeneric(db: Database, settings: MailEventSettings, body: string, signature: string | undefined): Promise<MailEventOutcome> {
  if (!settings.MAIL_EVENTS_SECRET) return refused("This webhook is not configured.");
  const expected = createHmac("sha256", settings.MAIL_EVENTS_SECRET).update(body, "utf8").digest("hex");
  if (!sameText(signature?.replace(/^sha256=/i, "").toLowerCase(), expected)) return refused("This webhook is accepted only with a valid X-Signature.");
  const parsed = genericEvent.safeParse(parseJson(body));
  if (!parsed.success) return refusal("invalid", "The body must be { type: 'bounce'|'complaint', email, messageId, permanent, reason, at }.");
  const event = parsed.data;
  await record(db, settings, {
    eventKey: `generic:${createHash("sha256").update(body).digest("hex")}`,
    kind: event.type === "complaint" ? "complaint" : event.permanent === false ? "soft" : "hard",
    email: event.email,
    source: "generic",
    detail: event.reason ?? "",
    occurredAt: event.at ? new Date(event.at) : undefined,
    messageId: event.messageId,
  });
  return accepted(1);
}

const postmarkEvent = z.object({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]),
  Type: z.string().optional(),
  Email: z.email(),
  MessageID: z.string().optional(),
  Description: z.string().optional(),
  Details: z.string().optional(),
  BouncedAt: z.string().optional(),
});

const POSTMARK_HARD = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated", "Blocked", "SpamNotification"]);
const POSTMARK_SOFT = new Set(["SoftBounce", "Transient", "DnsError", "Undeliverable", "MailFrontier"]);

/** Postmark's bounce and spam-complaint webhooks, with the basic-auth user and password set in its URL. */
async function receivePostmark(db: Database, settings: MailEventSettings, body: string, authorization: string | undefined): Promise<MailEventOutcome> {
  if (!settings.POSTMARK_WEBHOOK_USER || !settings.POSTMARK_WEBHOOK_PASSWORD) return refused("This webhook is not configured.");
  const expected = `Basic ${Buffer.from(`${settings.POSTMARK_WEBHOOK_USER}:${settings.POSTMARK_WEBHOOK_PASSWORD}`).toString("base64")}`;
  if (!sameText(authorization, expected)) return refused("This webhook is accepted only with its user and password.");
  const parsed = postmarkEvent.safeParse(parseJson(body));
  if (!parsed.success) return refusal("invalid", "Not a Postmark bounce or spam complaint.");
  const event = parsed.data;
  const kind =
    event.RecordType === "SpamComplaint" || event.Type === "SpamComplaint"
      ? "complaint"
      : POSTMARK_HARD.has(event.Type ?? "")
        ? "hard"
        : POSTMARK_SOFT.has(event.Type ?? "")
          ? "soft"
          : null;
  // Other record types (deliveries, opens, auto-responders) are acknowledged and left alone.
  if (!kind) return accepted(0);
  await record(db, settings, {
    eventKey: `postmark:${event.RecordType}:${event.ID}`,
    kind,
    email: event.Email,
    source: "postmark",
    detail: [event.Type, event.Description, event.Details].filter(Boolean).join(": "),
    occurredAt: event.BouncedAt ? new Date(event.BouncedAt) : undefined,
    messageId: typeof event.MessageID === "string" ? event.MessageID.slice(0, 500) : undefined,
  });
  return accepted(1);
}

const sesNotification = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      feedbackId: z.string().optional(),
      bouncedRecipients: z.array(z.object({ emailAddress: z.string(), status: z.string().optional(), diagnosticCode: z.string().optional() })),
      timestamp: z.string().optional(),
    })
    .optional(),
  complaint: z
    .object({
      feedbackId: z.string().optional(),
      complaintFeedbackType: z.string().optional(),
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      timestamp: z.string().optional(),
    })
    .optional(),
  mail: z.object({ messageId: z.string().optional(), source: z.string().optional(), commonHeaders: z.object({ messageId: z.string().optional() }).optional() }).optional(),
});

/**
 * Amazon SES notifications through SNS: the SNS signature is checked against the certificate at
 * SigningCertURL (only https on an SNS host of amazonaws.com, or the tests' prefix), the topic must be
 * SES_SNS_TOPIC_ARN and the message at most an hour old. A SubscriptionConfirmation is confirmed by
 * visiting its SubscribeURL.
 */
async function receiveSes(db: Database, settings: MailEventSettings, body: string): Promise<MailEventOutcome> {
  if (!settings.SES_SNS_TOPIC_ARN) return refused("This webhook is not configured.");
  const message = parseJson(body);
  if (!isSnsMessage(message)) return refused("Not a signed SNS message.");
  if (message.TopicArn !== settings.SES_SNS_TOPIC_ARN) return refused("Not our SNS topic.");
  if (!isTrustedCertificateUrl(message.SigningCertURL)) return refused("The signing certificate is not Amazon SNS's.");
  const certificate = await signingCertificate(message.SigningCertURL, { apiBase: settings.SNS_API_BASE });
  if ("failure" in certificate) {
    const host = URL.parse(message.SigningCertURL)!.hostname;
    log("warn", "bounces", `SES webhook: the SNS signing certificate from ${host} could not be fetched (${certificate.failure}); ${certificate.temporary ? "answered 503, SNS sends it again" : "refused"}`);
    // SNS sends a notification again only after a 5xx (or no answer); a 4xx is final. A certificate
    // we could not fetch this time (the network, a timeout, Amazon's 5xx) says nothing about the
    // notification, so SNS is asked to send it again rather than lose a bounce. A certificate
    // Amazon says is not there, or that is not one, is refused like a bad signature.
    if (certificate.temporary) return refusal("unavailable", "The SNS signing certificate could not be fetched just now; send the notification again later.");
    return refused("The SNS signing certificate could not be fetched.");
  }
  if (!isSignedBy(message, certificate.pem)) return refused("The SNS signature does not verify.");
  const sentAt = Date.parse(message.Timestamp);
  if (!Number.isFinite(sentAt) || Math.abs(Date.now() - sentAt) > SNS_MAX_AGE_MS) return refused("The SNS message is too old (a replay?).");

  if (message.Type === "SubscriptionConfirmation") return confirmSubscription(message, settings);
  if (message.Type !== "Notification") return accepted(0);
  const parsed = sesNotification.safeParse(parseJson(message.Message));
  if (!parsed.success) return refusal("invalid", "Not an SES notification.");
  const notification = parsed.data;
  const type = notification.notificationType ?? notification.eventType;
  const mailMessageId = notification.mail?.commonHeaders?.messageId;
  const tokens = settings.MAIL_BOUNCE_ADDRESS && notification.mail?.source ? tokensIn(notification.mail.source, settings.MAIL_BOUNCE_ADDRESS) : [];
  const events: Array<Omit<BounceEventInput, "source"> & { messageId?: string }> = [];
  if (type === "Bounce" && notification.bounce) {
    const kind = notification.bounce.bounceType === "Permanent" ? "hard" : "soft";
    for (const recipient of notification.bounce.bouncedRecipients) {
      events.push({
        eventKey: `ses:${message.MessageId}:${normaliseEmailAddress(recipient.emailAddress)}`,
        kind,
        email: recipient.emailAddress,
        detail: [notification.bounce.bounceType, notification.bounce.bounceSubType, recipient.status, recipient.diagnosticCode].filter(Boolean).join(" "),
        occurredAt: notification.bounce.timestamp ? new Date(notification.bounce.timestamp) : undefined,
        messageId: mailMessageId,
      });
    }
  } else if (type === "Complaint" && notification.complaint) {
    for (const recipient of notification.complaint.complainedRecipients) {
      events.push({
        eventKey: `ses:${message.MessageId}:${normaliseEmailAddress(recipient.emailAddress)}`,
        kind: "complaint",
        email: recipient.emailAddress,
        detail: `Complaint${notification.complaint.complaintFeedbackType ? ` (${notification.complaint.complaintFeedbackType})` : ""}`,
        occurredAt: notification.complaint.timestamp ? new Date(notification.complaint.timestamp) : undefined,
        messageId: mailMessageId,
      });
    }
  }
  for (const event of events) await record(db, settings, { ...event, source: "ses" }, tokens);
  return accepted(events.length);
}

async function confirmSubscription(message: SnsMessage, settings: MailEventSettings): Promise<MailEventOutcome> {
  if (!isTrustedSnsUrl(message.SubscribeURL)) return refused("The subscription URL is not Amazon SNS's.");
  const subscribeUrl = URL.parse(message.SubscribeURL!)!;
  const target = settings.SNS_API_BASE ? new URL(`${subscribeUrl.pathname}${subscribeUrl.search}`, settings.SNS_API_BASE) : subscribeUrl;
  // A network failure or timeout is answered like a refusal from SNS: it asks again by itself.
  const response = await fetch(target, { signal: AbortSignal.timeout(5000), redirect: "error" }).catch((error: unknown) => {
    logFailure("bounces", "confirming the SES webhook's SNS subscription", error);
    return null;
  });
  if (!response?.ok) return refusal("not-confirmed", "Confirming the subscription failed; SNS will ask again.");
  return { ok: true, message: "Subscription confirmed." };
}

/**
 * Records a provider's event (docs/decisions/051). The provider signed it and names the recipient,
 * so an event that names no message of ours is believed as it stands; but when it names one of
 * our messages (by token or Message-ID) and that message went to someone else, it changes nothing:
 * it is listed as unmatched for staff.
 */
async function record(db: Database, settings: MailEventSettings, event: BounceEventInput & { messageId?: string }, tokens: string[] = []): Promise<void> {
  const messageId = event.messageId ? (event.messageId.startsWith("<") ? event.messageId : `<${event.messageId}>`) : null;
  const matched = await matchReport(db, { tokens, originalMessageId: messageId });
  if (matched && !sameEmailAddress(matched.recipient, event.email)) {
    await recordUnmatchedReport(db, { eventKey: event.eventKey, source: event.source, reason: "recipient-mismatch", kind: event.kind, namedRecipient: event.email });
    return;
  }
  await recordBounceEvent(
    db,
    { ...event, outboxMessageId: matched?.outboxMessageId ?? null, campaignId: matched?.campaignId ?? null },
    { softLimit: settings.BOUNCE_SOFT_LIMIT },
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function sameText(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
