import type { StatusCheck } from "#app/modules/system/index.server";
import { dkimDnsRecord, dkimSettingsFrom, fromDomain } from "./dkim.server";

export interface DeliverabilityStatusSettings {
  MAIL_FROM: string;
  MAIL_BOUNCE_ADDRESS?: string;
  BOUNCE_MAILBOX_URL?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/** What hears bounces and complaints: the bounce mailbox and each provider's webhook, each only when configured. */
export interface BounceDetectionSettings {
  BOUNCE_MAILBOX_URL?: string;
  MAIL_EVENTS_SECRET?: string;
  POSTMARK_WEBHOOK_USER?: string;
  POSTMARK_WEBHOOK_PASSWORD?: string;
  SES_SNS_TOPIC_ARN?: string;
}

export interface BounceDetection {
  /** Whether anything hears bounces: without it, no address is ever suppressed. */
  configured: boolean;
  /** What hears them, in words ('the bounce mailbox', 'the Postmark webhook'). */
  heardBy: string[];
  /** What a Postmark webhook half set up still needs, when it does. */
  incomplete?: string;
}

/** The settings that make bounces heard, as the setup page and the deliverability page say them. */
export const bounceSettingsToSet =
  "BOUNCE_MAILBOX_URL (the mailbox bounces come back to, with MAIL_BOUNCE_ADDRESS), or your mail provider's webhook: " +
  "MAIL_EVENTS_SECRET (signed generic events), POSTMARK_WEBHOOK_USER with POSTMARK_WEBHOOK_PASSWORD (Postmark), or SES_SNS_TOPIC_ARN (Amazon SES)";

/**
 * Whether this server hears bounces and complaints at all: the mailbox is polled only with
 * BOUNCE_MAILBOX_URL, and each webhook refuses every request until its own setting is there.
 */
export function bounceDetection(env: BounceDetectionSettings): BounceDetection {
  const postmark = Boolean(env.POSTMARK_WEBHOOK_USER && env.POSTMARK_WEBHOOK_PASSWORD);
  const heardBy = [
    env.BOUNCE_MAILBOX_URL ? "the bounce mailbox" : "",
    env.MAIL_EVENTS_SECRET ? "the signed generic webhook" : "",
    postmark ? "the Postmark webhook" : "",
    env.SES_SNS_TOPIC_ARN ? "the Amazon SES notifications" : "",
  ].filter(Boolean);
  const incomplete =
    !postmark && (env.POSTMARK_WEBHOOK_USER || env.POSTMARK_WEBHOOK_PASSWORD) ? "The Postmark webhook needs both POSTMARK_WEBHOOK_USER and POSTMARK_WEBHOOK_PASSWORD." : undefined;
  return { configured: heardBy.length > 0, heardBy, ...(incomplete ? { incomplete } : {}) };
}

/** The setup page's line on bounces and complaints: what hears them, or that nothing does and what to set. */
export function bounceStatus(env: BounceDetectionSettings): StatusCheck {
  const detection = bounceDetection(env);
  const base = { id: "bounces" as const, title: "Bounces and complaints" };
  if (!detection.configured) {
    return {
      ...base,
      state: detection.incomplete ? "problem" : "not-configured",
      summary: `Not configured: bounces are not detected. ${detection.incomplete ?? ""}`.trim(),
      details: [{ label: "To detect them, set", value: bounceSettingsToSet }],
    };
  }
  const words = detection.heardBy.length > 1 ? `${detection.heardBy.slice(0, -1).join(", ")} and ${detection.heardBy.at(-1)}` : detection.heardBy[0]!;
  return {
    ...base,
    state: detection.incomplete ? "problem" : "ok",
    summary: `Heard by ${words}. ${detection.incomplete ?? ""}`.trim(),
  };
}

/**
 * The setup page's DKIM line: whether every message is signed, the DNS TXT record to publish, and
 * a warning when From's domain is not the signing domain (DMARC then does not count the signature).
 */
export function dkimStatus(env: DeliverabilityStatusSettings): StatusCheck {
  const parts = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
  if (parts === 0) {
    return {
      id: "dkim",
      title: "DKIM signing",
      state: "not-configured",
      summary: "Messages are not signed: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (npm run dkim:keygen makes a key)",
    };
  }
  let settings;
  try {
    settings = parts === 3 ? dkimSettingsFrom(env) : null;
  } catch (error) {
    return { id: "dkim", title: "DKIM signing", state: "problem", summary: error instanceof Error ? error.message : "The DKIM key cannot be read" };
  }
  if (!settings) return { id: "dkim", title: "DKIM signing", state: "problem", summary: "DKIM is partly configured: it needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY" };
  const record = dkimDnsRecord(settings);
  const from = fromDomain(env.MAIL_FROM);
  const aligned = from === settings.domainName || (from?.endsWith(`.${settings.domainName}`) ?? false);
  return {
    id: "dkim",
    title: "DKIM signing",
    state: aligned ? "ok" : "problem",
    summary: aligned
      ? `Every message is signed for ${settings.domainName} (selector ${settings.keySelector})`
      : `From's domain (${from ?? "unknown"}) differs from the DKIM domain (${settings.domainName}): receivers will not count the signature for DMARC`,
    details: [
      { label: "DNS TXT record name", value: record.name },
      { label: "DNS TXT record value", value: record.value },
      { label: "Envelope sender (VERP)", value: env.MAIL_BOUNCE_ADDRESS ? env.MAIL_BOUNCE_ADDRESS.replace("@", "+<message>@") : "not set (MAIL_BOUNCE_ADDRESS)" },
    ],
  };
}
