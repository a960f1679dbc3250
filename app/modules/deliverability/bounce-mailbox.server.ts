import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import { queryRows, type Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { matchReports } from "./match-report.server";
import { parseBounceReport, reportEnvelope, type BounceReport } from "./parse-bounce-report.server";
import { recordBounceEvent } from "./record-bounce.server";
import { MAX_PARSED_BYTES } from "./report-mime.server";
import { pruneUnmatchedReports, recordUnmatchedReport } from "./unmatched-reports.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** The IMAP keyword set on every message read, so no poller reads it again. */
export const PROCESSED_KEYWORD = "$HarmoniaProcessed";
const LEASE_NAME = "bounce-mailbox";
/**
 * Messages fetched, handled and flagged together: a crash between handling and flagging reads at
 * most this many again (and their event keys record nothing new).
 */
const BATCH = 25;
/**
 * A message larger than this is no bounce of ours (our mail is small, and a report returns at most
 * the message): it is flagged, listed as oversized and not read. Smaller ones are read only as far
 * as MAX_PARSED_BYTES, where a report's parts are.
 */
export const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
/**
 * Reports recorded at once on PostgreSQL (each its own transaction); those about one address go one
 * after another. The embedded database runs one transaction at a time in this very process, so
 * there they go one by one and a page's query waits behind one report, not eight.
 */
const CONCURRENCY = 8;

export interface BounceMailboxOptions {
  db: Database;
  /** imaps://user:pass@host[:port]/INBOX, or imap:// for a local server. */
  mailboxUrl: string;
  /** MAIL_BOUNCE_ADDRESS, whose VERP tokens name the bounced message; without it reports match by Message-ID. */
  bounceAddress?: string;
  softLimit?: number;
  /** This poller's name in the lease (default: host, process and a random part). */
  holder?: string;
  leaseSeconds?: number;
  /** Accept the server's certificate unchecked (tests against a local server only). */
  insecureTls?: boolean;
  /** Reports recorded at once (default CONCURRENCY; 1 on the embedded database). */
  concurrency?: number;
}

export interface PollResult {
  /** False when another instance holds the lease: this one read nothing. */
  polled: boolean;
  read: number;
  recorded: number;
  /** Reports already recorded (read twice, or by another poller). */
  duplicates: number;
  /** Not a bounce or complaint (a reply, an auto-responder, a delivery notice). */
  ignored: number;
  /** Bounces and complaints that name no message we sent: not acted on, listed for staff. */
  unmatched: number;
  /** Messages over MAX_MESSAGE_BYTES: flagged and listed without being read. */
  oversized: number;
}

/**
 * One pass over the bounce mailbox: under the lease (one poller at a time across instances), reads
 * the messages without the processed keyword BATCH at a time, each only as far as MAX_PARSED_BYTES;
 * records each bounce or complaint that matches a message we sent (recordBounceEvent, deduplicated
 * by the report's own key), lists the rest as unmatched, and sets the keyword on the batch. A crash
 * in between reads at most one batch again and records nothing new.
 */
export async function pollBounceMailbox(options: BounceMailboxOptions): Promise<PollResult> {
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const result: PollResult = { polled: false, read: 0, recorded: 0, duplicates: 0, ignored: 0, unmatched: 0, oversized: 0 };
  if (!(await takeLease(options.db, holder, leaseSeconds))) return result;
  result.polled = true;
  const url = new URL(options.mailboxUrl);
  const client = new ImapFlow({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "imaps:" ? 993 : 143,
    secure: url.protocol === "imaps:",
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
    ...(options.insecureTls ? { tls: { rejectUnauthorized: false } } : {}),
  });
  client.on("error", (error: unknown) => logFailure("bounces", "the bounce mailbox connection", error));
  await client.connect();
  try {
    const folder = decodeURIComponent(url.pathname.replace(/^\/+/, "")) || "INBOX";
    const lock = await client.getMailboxLock(folder);
    try {
      const uids = (await client.search({ unKeyword: PROCESSED_KEYWORD }, { uid: true })) || [];
      for (let start = 0; start < uids.length; start += BATCH) {
        const batch = uids.slice(start, start + BATCH);
        const messages: MailboxMessage[] = [];
        // Only the first MAX_PARSED_BYTES of each message cross the wire (BODY.PEEK[]<0.n>): the rest is never read.
        for await (const message of client.fetch(batch, { uid: true, size: true, source: { start: 0, maxLength: MAX_PARSED_BYTES } }, { uid: true })) {
          messages.push({ size: message.size ?? 0, source: message.source ?? Buffer.alloc(0) });
        }
        result.read += messages.length;
        for (const outcome of await processReports(options, messages)) result[outcome]++;
        await client.messageFlagsAdd(batch, [PROCESSED_KEYWORD, "\\Seen"], { uid: true });
        if (!(await takeLease(options.db, holder, leaseSeconds))) break;
      }
    } finally {
      lock.release();
    }
  } finally {
    // A server that will not say goodbye is left by closing the socket.
    await client.logout().catch(() => client.close());
    await releaseLease(options.db, holder);
  }
  await pruneUnmatchedReports(options.db);
  return result;
}

type ReportOutcome = "recorded" | "duplicates" | "ignored" | "unmatched" | "oversized";

interface MailboxMessage {
  /** The whole message's size as the server counts it. */
  size: number;
  /** At most its first MAX_PARSED_BYTES. */
  source: Buffer;
}

type Report = Extract<BounceReport, { kind: "hard" | "soft" | "complaint" }>;

/**
 * Parses a batch's reports (yielding to the event loop between messages, so pages are served
 * meanwhile), matches them to the messages we sent, and records them CONCURRENCY at a time. Only a
 * matched report is acted on, and only for its message's recipient; the reports about one
 * recipient are recorded in order, so counting their soft bounces never races with itself.
 */
async function processReports(options: BounceMailboxOptions, messages: MailboxMessage[]): Promise<ReportOutcome[]> {
  const outcomes: ReportOutcome[] = [];
  const parsed: Report[] = [];
  for (const message of messages) {
    await yieldToEventLoop();
    if (message.size > MAX_MESSAGE_BYTES) {
      const envelope = reportEnvelope(message.source);
      await recordUnmatchedReport(options.db, { ...envelope, source: "mailbox", reason: "oversized", sizeBytes: message.size });
      outcomes.push("oversized");
      continue;
    }
    const report = parseBounceReport(message.source, options.bounceAddress);
    if (report.kind === "none") outcomes.push("ignored");
    else parsed.push(report);
  }
  const matches = await matchReports(options.db, parsed);
  const byRecipient = new Map<string, Array<() => Promise<ReportOutcome>>>();
  for (const [index, report] of parsed.entries()) {
    const matched = matches[index];
    if (!matched) {
      await recordUnmatchedReport(options.db, {
        eventKey: report.eventKey,
        source: "mailbox",
        reason: "no-matching-message",
        kind: report.kind,
        sender: report.sender,
        namedRecipient: report.namedRecipient,
      });
      outcomes.push("unmatched");
      continue;
    }
    const email = normaliseEmailAddress(matched.recipient);
    const record = async (): Promise<ReportOutcome> => {
      const outcome = await recordBounceEvent(
        options.db,
        {
          eventKey: report.eventKey,
          kind: report.kind,
          email,
          source: "mailbox",
          detail: report.detail,
          occurredAt: report.occurredAt,
          outboxMessageId: matched.outboxMessageId,
          campaignId: matched.campaignId,
        },
        { softLimit: options.softLimit },
      );
      return outcome.recorded ? "recorded" : "duplicates";
    };
    byRecipient.set(email, [...(byRecipient.get(email) ?? []), record]);
  }
  const queues = [...byRecipient.values()];
  let next = 0;
  const worker = async () => {
    while (next < queues.length) {
      for (const record of queues[next++]!) {
        outcomes.push(await record());
        await yieldToEventLoop();
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? CONCURRENCY, queues.length) }, worker));
  return outcomes;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Takes or renews the poller's lease; false while another holder's lease runs. */
async function takeLease(db: Database, holder: string, seconds: number): Promise<boolean> {
  const rows = await queryRows<{ holder: string }>(db, sql`
    insert into bounce_mailbox_lease (name, holder, until) values (${LEASE_NAME}, ${holder}, now() + make_interval(secs => ${seconds}))
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where bounce_mailbox_lease.until < now() or bounce_mailbox_lease.holder = excluded.holder
    returning holder`);
  return rows.length > 0;
}

async function releaseLease(db: Database, holder: string): Promise<void> {
  await db.execute(sql`update bounce_mailbox_lease set until = now() where name = ${LEASE_NAME} and holder = ${holder}`);
}

/** Polls every `seconds` until stopped; a failed pass is logged and the next one tries again. */
export function startBounceMailboxPoller(options: BounceMailboxOptions & { seconds: number }): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = pollBounceMailbox(options)
        .catch((error: unknown) => logFailure("bounces", "polling the bounce mailbox", error))
        .finally(schedule);
    }, options.seconds * 1000);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
