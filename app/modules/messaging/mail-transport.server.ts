import { createHash } from "node:crypto";
import nodemailer from "nodemailer";
import type { OutboxMessage } from "#db/schema";
import type { Transport } from "./transports.server";
import { attachmentsFromMeta } from "./email-attachments";

export interface MailTransport extends Transport {
  /** "smtp" sends for real; "mailbox" keeps messages in the database for /dev/mailbox. */
  name: "smtp" | "mailbox";
  send(message: OutboxMessage): Promise<{ providerId: string | null }>;
  close(): void;
}

/** How many SMTP connections the pool keeps open (MAIL_MAX_CONNECTIONS). */
export const DEFAULT_MAX_CONNECTIONS = 5;

export interface MailTransportOptions {
  smtpUrl?: string;
  from: string;
  /** Where the development mailbox can be read, printed with each message. */
  mailboxUrl: string;
  log?: (line: string) => void;
  /** Connections kept open and used at once; the outbox sender sends this many messages at a time. */
  maxConnections?: number;
  /** At most this many messages a second (MAIL_RATE_PER_SECOND); unset sends as fast as the server takes them. */
  ratePerSecond?: number;
  /**
   * MAIL_BOUNCE_ADDRESS: each message's envelope sender becomes `local+<token>@domain` (VERP), the
   * token naming the outbox message, so a bounce says exactly which message failed. From is unchanged.
   */
  envelopeSender?: (message: OutboxMessage) => string;
  /** DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY: every message is signed (nodemailer's DKIM). */
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  return options.smtpUrl ? createSmtpTransport(options.smtpUrl, options) : createMailbox(options);
}

/**
 * Whether mail goes to the dev mailbox (no SMTP_URL), as createMailTransport decides: only then may
 * a queued sign-in link be kept beside its message (QueuedEmail.keepSignInLink).
 */
export function mailGoesToMailbox(smtpUrl: string | undefined): boolean {
  return !smtpUrl;
}

function createSmtpTransport(smtpUrl: string, options: MailTransportOptions): MailTransport {
  const from = options.from;
  const url = new URL(smtpUrl);
  const secure = url.protocol === "smtps:";
  // A plain smtp:// URL on this machine is a development sink that offers no TLS.
  const isLocal = url.hostname === "127.0.0.1" || url.hostname === "localhost";
  const transporter = nodemailer.createTransport({
    // A pool keeps connections open and sends on several at once, instead of one connection
    // (greeting, EHLO, QUIT) per message; docs/decisions/016.
    pool: true,
    maxConnections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
    // A connection is replaced now and then, so one long-lived session does not collect server-side limits.
    maxMessages: 1000,
    ...(options.ratePerSecond ? { rateLimit: options.ratePerSecond, rateDelta: 1000 } : {}),
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    ignoreTLS: isLocal && !secure,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
    ...(options.dkim ? { dkim: options.dkim } : {}),
  });
  const domain = from.match(/@([^>\s]+)/)?.[1] ?? "localhost";
  return {
    name: "smtp",
    async send(message) {
      const info = await transporter.sendMail({
        from,
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.bodyText,
        html: message.bodyHtml ?? undefined,
        // Derived from the row's random id: a resend after a lost reply is recognisably the same message, and nobody can
        // work out another person's Message-ID (a bounce quoting one is believed: docs/decisions/051).
        messageId: `<${createHash("sha256").update(`message-id:${message.id}`).digest("hex").slice(0, 32)}@${domain}>`,
        headers: message.meta.listUnsubscribe
          ? {
              "List-Unsubscribe": `<${message.meta.listUnsubscribe}>`,
              "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
            }
          : undefined,
        attachments: attachmentsFromMeta(message.meta),
        ...(options.envelopeSender ? { envelope: { from: options.envelopeSender(message), to: message.recipient } } : {}),
      });
      return { providerId: info.messageId ?? null };
    },
    close: () => transporter.close(),
  };
}

function createMailbox(options: MailTransportOptions): MailTransport {
  const log = options.log ?? ((line: string) => console.log(line));
  return {
    name: "mailbox",
    // The dev mailbox is where bodies are read, so sending keeps them on the row.
    keepsBodies: true,
    async send(message) {
      log(`[mailbox] "${message.subject}" to ${message.recipient}: ${options.mailboxUrl}/${message.id}`);
      if (message.meta.signInLink) log(`[mailbox] sign-in link for ${message.recipient}: ${message.meta.signInLink}`);
      return { providerId: `mailbox:${message.id}` };
    },
    close: () => undefined,
  };
}
