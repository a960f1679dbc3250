import path from "node:path";
import { isSupportedCountry, type CountryCode } from "libphonenumber-js/min";
import { z } from "zod";
import { siteConfig } from "./site-config";
import { normaliseEmailAddress } from "./email-address";

/**
 * Every setting the server reads from its environment, validated once at start-up.
 * A wrong value stops the server with a message that names the variable.
 * `.env.example` documents each one; keep the two in step (env.server.test.ts checks it).
 */
const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item): string => normaliseEmailAddress(item))
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ message: "must be a comma-separated list of e-mail addresses" })));

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    message: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * How many reverse proxies stand in front of the server, each appending one X-Forwarded-For entry.
 * `true` means one (the common case); a flag's `1` and a count's `1` mean the same.
 */
const proxyHops = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(true|false|yes|no|\d{1,2})$/, {
    message: "must be true, false or the number of proxies in front of the server (0, 1, 2, …)",
  })
  .transform((value) => {
    if (value === "true" || value === "yes") return 1;
    if (value === "false" || value === "no") return 0;
    return Number(value);
  });

/** Comma-separated ISO 3166 country codes that phone numbers know, e.g. `US,CA`. */
const countryList = z
  .string()
  .transform((value) => value.split(",").map((code) => code.trim().toUpperCase()).filter(Boolean))
  .refine((codes) => codes.length > 0, "must name at least one country code, e.g. US")
  .superRefine((codes, context) => {
    const unknown = codes.filter((code) => !isSupportedCountry(code));
    if (unknown.length > 0) context.addIssue({ code: "custom", message: `must be ISO country codes such as US,CA (not ${unknown.join(", ")})` });
  })
  .transform((codes) => codes as CountryCode[]);

/** A staff member's allowance per day (multiplied by RATE_LIMIT_MULTIPLIER like every limit). */
const perDay = (fallback: number) =>
  z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be 1 or more").max(100_000, "must be at most 100000").default(fallback);

/** A number of seats for the seat budget: whole, 1 to 10,000. */
const seatBudget = z.coerce.number({ message: "must be a number of seats" }).int("must be a whole number").min(1, "must be 1 or more").max(10_000, "must be at most 10000");

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce
    .number({ message: "must be a port number" })
    .int("must be a whole number")
    .min(1, "must be between 1 and 65535")
    .max(65535, "must be between 1 and 65535")
    .default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, message: "must be an absolute http(s) URL such as https://harmonia.example" })
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// connection URL")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  /** Uploaded files (event images); unset: `uploads` inside DATA_DIR (./data/uploads with an in-memory database). */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** How long start-up waits for an unreachable PostgreSQL before giving up; 0 gives up at once. */
  DATABASE_STARTUP_TIMEOUT_SECONDS: z.coerce
    .number({ message: "must be a number of seconds" })
    .int("must be a whole number of seconds")
    .min(0, "must be 0 or more")
    .max(86_400, "must be at most 86400 (a day)")
    .default(60),
  /** Where the embedded database's scheduled backups go; unset: `backups` inside DATA_DIR. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** How often the running server backs the embedded database up; unset: never (use `npm run backup`). */
  BACKUP_EVERY_HOURS: z.coerce.number({ message: "must be a number of hours" }).positive("must be more than 0").max(24 * 31, "must be at most 744 (a month)").optional(),
  /** How many scheduled backups are kept; older ones are removed. */
  BACKUP_KEEP: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be 1 or more").max(10_000).default(14),
  /** What a scraper of /metrics sends as `Authorization: Bearer …`; unset: /metrics answers this machine only. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters (e.g. `openssl rand -hex 24`)").optional(),
  /** `json`: one JSON object per log line (level, time, scope, message) for log collectors. */
  LOG_FORMAT: z.enum(["text", "json"], { message: "must be text or json" }).default("text"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Harmonia <hello@harmonia.example>"),
  ADMIN_EMAILS: emailList.default(["admin@harmonia.example"]),
  EVENT_STAFF_EMAILS: emailList.default(["staff@harmonia.example"]),
  TRUST_PROXY: proxyHops.default(0),
  /**
   * On SIGTERM, how long the server keeps accepting (answering /readyz with 503) before it closes
   * its port, so a proxy's health check stops sending it requests first; 2 behind Caddy (deploy/).
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).min(0, "must be 0 or more").max(5, "must be at most 5 (the shutdown has 10 s in all)").default(0),
  /** Unset: demo content on the embedded database only; a shared PostgreSQL gets it only when asked. */
  SEED_DEMO_CONTENT: booleanFlag.optional(),
  /** How long a waiting-list offer holds its seats before they pass to the next in line. */
  WAITLIST_OFFER_HOURS: z.coerce.number({ message: "must be a number" }).positive("must be more than 0").max(24 * 14).default(12),
  /**
   * The seat budget (docs/decisions/037): seats one client (an IPv4 address, an IPv6 /64) may
   * reserve or queue for on the waiting list of one event per day, whatever e-mail addresses it
   * types; scaled by RATE_LIMIT_MULTIPLIER. A group beyond it is sent to the contact page.
   */
  SEATS_PER_CLIENT_PER_EVENT_PER_DAY: seatBudget.optional(),
  /** Deprecated former name of SEATS_PER_CLIENT_PER_EVENT_PER_DAY, read only when that one is unset. */
  SEATS_PER_CLIENT_PER_EVENT: seatBudget.optional(),
  OUTBOX_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * How long a sender holds the messages it claimed before another may take them (it renews the
   * hold while a send lasts): after a crash, what was in flight is sent again this much later.
   */
  OUTBOX_LEASE_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).int("must be a whole number").min(5, "must be 5 or more").max(3600).default(60),
  /** Unset: as fast as the SMTP server takes them; a provider's limit otherwise. */
  MAIL_RATE_PER_SECOND: z.coerce.number({ message: "must be a number" }).positive("must be more than 0").max(100_000).optional(),
  /** SMTP connections kept open and used at once. */
  MAIL_MAX_CONNECTIONS: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1).max(100).default(5),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  /** Multiplies every attempt limit (sign-in, reservations, sign-ups…); the browser tests use 50. */
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ message: "must be a number" })
    .min(1, "must be 1 or more")
    // The reservation benchmark posts tens of thousands of reservations from one address.
    .max(1_000_000, "must be at most 1000000")
    .optional(),
  /** Deprecated alias of RATE_LIMIT_MULTIPLIER, read only when that one is unset. */
  AUTH_RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ message: "must be a number" })
    .min(1, "must be 1 or more")
    .max(1000, "must be at most 1000")
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-zA-Z]{8,}$/, "must be a Twilio account SID (AC...)").optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8, "must be a Twilio auth token").optional(),
  /** The sender: a number in E.164 form, or a Messaging Service SID (MG…). */
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, "must be a phone number in E.164 form (e.g. +16195550100) or a Messaging Service SID (MG…)")
    .optional(),
  TWILIO_API_BASE: z.url({ message: "must be an http(s) URL" }).default("https://api.twilio.com"),
  /** Texts sent per second at most: 1 for a long code, more for a toll-free number or short code. */
  /** How long a campaign's personal sign-in link works, counted from when its e-mail is queued. */
  CAMPAIGN_LINK_DAYS: z.coerce.number({ message: "must be a number of days" }).int("must be a whole number of days").min(1, "must be 1 or more").max(90, "must be at most 90").default(7),
  SMS_RATE_PER_SECOND: z.coerce.number({ message: "must be a number" }).positive("must be more than 0").max(1000).default(1),
  /** Where texts may go (every text path: single, group, reminders, and again when sent): the venue's country unless more are named. */
  SMS_ALLOWED_COUNTRIES: countryList.default([siteConfig.venue.country]),
  /** Single texts (the staff SMS form, the API) one staff member may send in a day. */
  SMS_SINGLES_PER_STAFF_PER_DAY: perDay(30),
  /** Mails to one event's guests one staff member may send in a day. */
  EVENT_MAILS_PER_STAFF_PER_DAY: perDay(2),
  // Deliverability (docs/decisions/048): VERP, the bounce mailbox, provider webhooks, DKIM.
  /** The envelope sender's base: each message goes out as `local+<token>@domain`. */
  MAIL_BOUNCE_ADDRESS: z.email({ message: "must be an e-mail address (bounces@example.org)" }).optional(),
  /** imaps://user:pass@host[:port]/INBOX (or imap:// for a local server): polled for bounces and complaints. */
  BOUNCE_MAILBOX_URL: z
    .url({ protocol: /^imaps?$/, message: "must be an imaps:// (or imap://) URL with user, password and folder" })
    .optional(),
  BOUNCE_POLL_SECONDS: z.coerce.number({ message: "must be a number of seconds" }).int("must be a whole number").min(5, "must be 5 or more").max(86_400).default(60),
  /** Soft bounces within 30 days that suppress an address. */
  BOUNCE_SOFT_LIMIT: z.coerce.number({ message: "must be a number" }).int("must be a whole number").min(1, "must be 1 or more").max(100).default(3),
  /** The HMAC-SHA256 key of POST /api/mail/events/generic. */
  MAIL_EVENTS_SECRET: z.string().min(16, "must be at least 16 characters").optional(),
  /** Basic-auth user and password of POST /api/mail/events/postmark, as set in Postmark's webhook URL. */
  POSTMARK_WEBHOOK_USER: z.string().min(1).optional(),
  POSTMARK_WEBHOOK_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /** The SNS topic whose notifications POST /api/mail/events/ses accepts (its ARN); unset refuses all. */
  SES_SNS_TOPIC_ARN: z.string().regex(/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[A-Za-z0-9_-]+$/, "must be an SNS topic ARN").optional(),
  /**
   * Tests only: where requests for Amazon SNS's hosts (signing certificates, subscription
   * confirmations) go instead, e.g. a local server; the URLs a message names are still accepted
   * only on https SNS hosts of the listed AWS regions.
   */
  SNS_API_BASE: z.url().optional(),
  // Contributions (issue 37, docs/decisions/066): Stripe Checkout, the webhook, refunds on cancel.
  /** Stripe's secret key (sk_test_… or sk_live_…, or a restricted rk_… key); with the webhook secret, contributions are paid online. */
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_[0-9A-Za-z_]{8,}$/, "must be a Stripe secret key (sk_test_… or sk_live_…)").optional(),
  /** The signing secret of the webhook endpoint /api/payments/stripe (whsec_…), from Stripe's dashboard. */
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[0-9A-Za-z_]{8,}$/, "must be a Stripe webhook signing secret (whsec_…)").optional(),
  /** Tests only: where the Stripe SDK sends its requests instead of https://api.stripe.com (a local stand-in). */
  STRIPE_API_BASE: z.url({ message: "must be an http(s) URL" }).optional(),
  /** Without Stripe: the one link every confirmation gives for the contribution. */
  CONTRIBUTION_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).default(siteConfig.donationUrl),
  /** Where the Donate link leads; unset: our own /donate page when Stripe is configured, else the brand's donation link (siteConfig). */
  DONATE_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL" }).optional(),
  /** before-cutoff: a guest's cancellation at least CONTRIBUTION_REFUND_HOURS before the event is refunded; always; never. */
  CONTRIBUTION_REFUND_POLICY: z.enum(["before-cutoff", "always", "never"], { message: "must be before-cutoff, always or never" }).default("before-cutoff"),
  CONTRIBUTION_REFUND_HOURS: z.coerce.number({ message: "must be a number of hours" }).int("must be a whole number of hours").min(0, "must be 0 or more").max(24 * 60).default(48),
  DKIM_DOMAIN: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, "must be a domain name").optional(),
  DKIM_SELECTOR: z.string().regex(/^[a-z0-9._-]+$/i, "must be a DNS label").optional(),
  /** The DKIM private key: PEM text, or a path to a PEM file. */
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
});

export type Env = Omit<
  z.infer<typeof envSchema>,
  "SEED_DEMO_CONTENT" | "RATE_LIMIT_MULTIPLIER" | "AUTH_RATE_LIMIT_MULTIPLIER" | "UPLOADS_DIR" | "BACKUP_DIR" | "SEATS_PER_CLIENT_PER_EVENT_PER_DAY" | "SEATS_PER_CLIENT_PER_EVENT"
> & {
  /** BACKUP_DIR, else `backups` inside DATA_DIR. */
  BACKUP_DIR: string;
  PUBLIC_URL: string;
  /** UPLOADS_DIR, else `uploads` inside DATA_DIR (./data/uploads when the database is in memory). */
  UPLOADS_DIR: string;
  SEED_DEMO_CONTENT: boolean;
  /** The multiplier every limit uses: RATE_LIMIT_MULTIPLIER, else the deprecated AUTH_RATE_LIMIT_MULTIPLIER, else 1. */
  RATE_LIMIT_MULTIPLIER: number;
  /** The seat budget: SEATS_PER_CLIENT_PER_EVENT_PER_DAY, else the deprecated SEATS_PER_CLIENT_PER_EVENT, else 10. */
  SEATS_PER_CLIENT_PER_EVENT_PER_DAY: number;
};

export class InvalidEnvironmentError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "InvalidEnvironmentError";
  }
}

/** Parses an environment (process.env by default). Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const result = envSchema.safeParse(present);
  if (!result.success) {
    throw new InvalidEnvironmentError(
      result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`),
    );
  }
  const env = result.data;
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new InvalidEnvironmentError([
      `${env.STRIPE_SECRET_KEY ? "STRIPE_WEBHOOK_SECRET" : "STRIPE_SECRET_KEY"}: must be set together with ${env.STRIPE_SECRET_KEY ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET"} (a payment the webhook cannot confirm would be lost)`,
    ]);
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const seedDemoContent = env.SEED_DEMO_CONTENT ?? !env.DATABASE_URL;
  const rateLimitMultiplier = env.RATE_LIMIT_MULTIPLIER ?? env.AUTH_RATE_LIMIT_MULTIPLIER ?? 1;
  const uploadsDir = env.UPLOADS_DIR ?? path.join(env.DATA_DIR.startsWith("memory://") ? "./data" : env.DATA_DIR, "uploads");
  const backupDir = env.BACKUP_DIR ?? path.join(env.DATA_DIR.startsWith("memory://") ? "./data" : env.DATA_DIR, "backups");
  const seatsPerClient = env.SEATS_PER_CLIENT_PER_EVENT_PER_DAY ?? env.SEATS_PER_CLIENT_PER_EVENT ?? 10;
  const { AUTH_RATE_LIMIT_MULTIPLIER: _alias, SEATS_PER_CLIENT_PER_EVENT: _seatsAlias, ...settings } = env;
  return {
    ...settings,
    BACKUP_DIR: backupDir,
    UPLOADS_DIR: uploadsDir,
    PUBLIC_URL: publicUrl,
    SEED_DEMO_CONTENT: seedDemoContent,
    RATE_LIMIT_MULTIPLIER: rateLimitMultiplier,
    SEATS_PER_CLIENT_PER_EVENT_PER_DAY: seatsPerClient,
  };
}

let current: Env | undefined;

/** The validated environment of this process. */
export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}
