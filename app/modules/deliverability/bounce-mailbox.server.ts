import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { sql } from "drizzle-orm";
import { ImapFlow } from "imapflow";
import { queryRows, type Database } from "~/lib/db.server";
import { logFailure } from "~/lib/log.server";
import { matchReports } from "./match-report.server";
import { parseBounceReport } from "./parse-bounce-report.server";
import { recordBounceEvent } from "./record-bounce.server";

/** The IMAP keyword set on every message read, so no poller reads it again. */
export const PROCESSED_KEYWORD = "$HarmoniaProcessed";
const LEASE_NAME = "bounce-mailbox";
const CHUNK = 200;
/** Reports recorded at once (each its own transaction); those about one address go one after another. */
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
}

export interface PollResult {
  /** False when another instance holds the lease: this one read nothing. */
  polled: boolean;
  read: number;
  recorded: number;
  /** Reports already recorded (read twice, or by another poller). */
  duplicates: number;
  /** Not a bounce or complaint, or naming no address we could find. */
  ignored: number;
}

/**
 * One pass over the bounce mailbox: under the lease (one poller at a time across instances), reads
 * every message without the processed keyword, records each bounce or complaint (recordBounceEvent,
 * deduplicated by the report's own key) and then sets the keyword. A crash between the two reads
 * the message again and records nothing new.
 */
export async function pollBounceMailbox(options: BounceMailboxOptions): Promise<PollResult> {
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? 120;
  const result: PollResult = { polled: false, read: 0, recorded: 0, duplicates: 0, ignored: 0 };
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
      for (let start = 0; start < uids.length; start += CHUNK) {
        const chunk = uids.slice(start, start + CHUNK);
        const sources: Buffer[] = [];
        for await (const message of client.fetch(chunk, { uid: true, source: true }, { uid: true })) if (message.source) sources.push(message.source);
        result.read += sources.length;
        for (const outcome of await processReports(options, sources)) result[outcome]++;
        await client.messageFlagsAdd(chunk, [PROCESSED_KEYWORD, "\\Seen"], { uid: true });
        if (!(await takeLease(options.db, holder, leaseSeconds))) break;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
    await releaseLease(options.db, holder);
  }
  return result;
}

type ReportOutcome = "recorded" | "duplicates" | "ignored";

/**
 * Parses and matches a chunk's reports, then records them CONCURRENCY at a time; the reports about
 * one address are recorded in order, so counting its soft bounces never races with itself.
 */
async function processReports(options: BounceMailboxOptions, sources: Buffer[]): Promise<ReportOutcome[]> {
  const outcomes: ReportOutcome[] = [];
  const byAddress = new Map<string, Array<() => Promise<ReportOutcome>>>();
  const parsed: Extract<Awaited<ReturnType<typeof parseBounceReport>>, { kind: "hard" | "soft" | "complaint" }>[] = [];
  for (const source of sources) {
    const report = await parseBounceReport(source, options.bounceAddress);
    if (report.kind === "none") outcomes.push("ignored");
    else parsed.push(report);
  }
  const matches = await matchReports(options.db, parsed);
  for (const [index, report] of parsed.entries()) {
    const matched = matches[index];
    const email = (matched?.recipient ?? report.recipient)?.trim().toLowerCase();
    if (!email) {
      outcomes.push("ignored");
      continue;
    }
    const record = async (): Promise<ReportOutcome> => {
      const event = { eventKey: report.eventKey, kind: report.kind, email, source: "mailbox" as const, detail: report.detail, occurredAt: report.occurredAt };
      const outcome = await recordBounceEvent(
        options.db,
        matched ? { ...event, outboxMessageId: matched.outboxMessageId, campaignId: matched.campaignId } : event,
        { softLimit: options.softLimit },
      );
      return outcome.recorded ? "recorded" : "duplicates";
    };
    byAddress.set(email, [...(byAddress.get(email) ?? []), record]);
  }
  const queues = [...byAddress.values()];
  let next = 0;
  const worker = async () => {
    while (next < queues.length) {
      for (const record of queues[next++]!) outcomes.push(await record());
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queues.length) }, worker));
  return outcomes;
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
