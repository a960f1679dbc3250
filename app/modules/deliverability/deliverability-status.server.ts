import type { StatusCheck } from "~/modules/system/index.server";
import { dkimDnsRecord, dkimSettingsFrom, fromDomain } from "./dkim.server";

export interface DeliverabilityStatusSettings {
  MAIL_FROM: string;
  MAIL_BOUNCE_ADDRESS?: string;
  BOUNCE_MAILBOX_URL?: string;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/**
 * The setup page's DKIM line: whether every message is signed, the DNS TXT record to publish, and
 * a warning when From's domain is not the signing domain (DMARC then does not count the signature).
 */
export function dkimStatus(env: DeliverabilityStatusSettings): StatusCheck {
  const parts = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
  const bounces = { label: "Bounces heard by", value: env.BOUNCE_MAILBOX_URL ? "the bounce mailbox and the webhooks" : "the webhooks only (no BOUNCE_MAILBOX_URL)" };
  if (parts === 0) {
    return {
      id: "dkim",
      title: "DKIM signing",
      state: "not-configured",
      summary: "Messages are not signed: set DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (npm run dkim:keygen makes a key)",
      details: [bounces],
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
      bounces,
    ],
  };
}
