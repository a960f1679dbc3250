import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { OutboxMessage } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { logSummarised } from "~/lib/log.server";
import { claimDueMessages, renewLeases, secondsUntilNextDue } from "./claim-due-messages.server";
import type { Transport, Transports } from "./deliver-outbox-message.server";
import { describeFailure, isPermanentFailure } from "./delivery-errors";
import { LEASE_SECONDS, MAX_DELIVERY_ATTEMPTS, recordFailure, recordSentBatch, retryDelaySeconds, type SentOutcome } from "./outbox.server";

export interface OutboxSenderOptions {
  db: Database;
  transports: Transports;
  /** First retry delay; each further one doubles. */
  retryDelaySeconds: number;
  /** Messages sent at once (the SMTP pool's connections). */
  concurrency: number;
  /** Rows claimed per batch; small enough that a transactional message never waits long behind one. */
  batchSize?: number;
  leaseSeconds?: number;
  /** Longest sleep between looks at the outbox when no row says when it is due. */
  idleSeconds?: number;
  /** How long a wake waits for more new messages before the pass starts (default 50 ms). */
  gatherMilliseconds?: number;
}

export interface OutboxSender {
  /** Asks for a pass over the due rows (after a 50 ms gathering pause); returns at once. */
  wake(): void;
  /** Wakes and waits until no due row is left (the scheduled job, tests). */
  deliverDue(): Promise<void>;
  /** Stops claiming, lets the batch in progress finish. */
  stop(): Promise<void>;
}

/**
 * The outbox's delivery loop, one per instance (docs/decisions/016): claims batches of due rows
 * under a lease, sends each batch `concurrency` at a time, records every outcome, and goes on
 * while rows are due. Then it sleeps until the next retry or lease expiry is due. Wake-ups (a new
 * message, the scheduled job) only start a pass; they never carry a message.
 */
export function createOutboxSender(options: OutboxSenderOptions): OutboxSender {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const channels = (Object.keys(options.transports) as OutboxMessage["channel"][]).filter(
    (channel) => options.transports[channel],
  );
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const batchSize = options.batchSize ?? Math.max(1, options.concurrency * 10);
  const idleSeconds = options.idleSeconds ?? 60;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let gathering: NodeJS.Timeout | undefined;
  const gatherMs = options.gatherMilliseconds ?? 50;

  /**
   * A new message starts a pass after a short gathering pause, so that messages written at the
   * same moment (fifty reservations a second, each with its confirmation) are claimed in one batch
   * rather than one pass of four queries each, which on the embedded database's single connection
   * took the reservations' own time.
   */
  function wake() {
    if (stopped) return;
    if (running) {
      // A message written while a pass is under way: the pass looks once more before it ends.
      again = true;
      return;
    }
    if (gathering) return;
    gathering = setTimeout(start, gatherMs);
  }

  function start() {
    if (gathering) clearTimeout(gathering);
    gathering = undefined;
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = undefined;
    running = pass().finally(() => {
      running = undefined;
      // A wake that came after the pass's last look (while it worked out its next sleep) must not
      // wait for that sleep: a sign-in link would sit for up to a minute.
      if (again && !stopped) start();
    });
  }

  async function pass() {
    let retryInSeconds: number | undefined;
    try {
      do {
        again = false;
        while (!stopped) {
          const batch = await claimDueMessages(options.db, { owner, limit: batchSize, channels, leaseSeconds });
          if (batch.length === 0) break;
          await sendBatch(batch);
        }
      } while (again && !stopped);
      retryInSeconds = await secondsUntilNextDue(options.db, channels);
    } catch (error) {
      // The database is away (a restart, a failover): the rows are safe, look again shortly.
      console.error("[outbox] delivery pass failed:", error instanceof Error ? error.message : error);
      retryInSeconds = 5;
    }
    if (stopped) return;
    const delay = Math.min(retryInSeconds ?? idleSeconds, idleSeconds);
    timer = setTimeout(start, Math.ceil(delay * 1000) + 50);
    timer.unref();
  }

  async function sendBatch(batch: OutboxMessage[]) {
    const inFlight = new Set(batch.map((message) => message.id));
    // Renewed well before it runs out, so a slow server never lets a second sender take the row.
    const renewal = setInterval(() => {
      renewLeases(options.db, owner, [...inFlight], leaseSeconds).catch((error) =>
        console.error("[outbox] renewing leases failed:", error instanceof Error ? error.message : error),
      );
    }, (leaseSeconds * 1000) / 3);
    renewal.unref();
    const sent: SentOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const message = batch[next++]!;
        await sendOne(message, sent);
        inFlight.delete(message.id);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
    } finally {
      clearInterval(renewal);
      // One statement for the whole batch's successes; a crash before it means a resend, which
      // the stable Message-ID makes recognisable (at-least-once, docs/decisions/003).
      if (sent.length > 0) await recordSentBatch(options.db, sent);
    }
  }

  async function sendOne(message: OutboxMessage, sent: SentOutcome[]) {
    const transport = options.transports[message.channel] as Transport;
    try {
      const outcome = await transport.send(message);
      sent.push({ id: message.id, transport: transport.name, providerId: outcome.providerId, keepBody: transport.keepsBodies ?? false });
    } catch (error) {
      const reason = describeFailure(error);
      const status = await recordFailure(options.db, message, reason, options.retryDelaySeconds, isPermanentFailure(error));
      logDeliveryFailure(message, reason, status, retryDelaySeconds(message.attempts, options.retryDelaySeconds));
    }
  }

  return {
    wake,
    async deliverDue() {
      start();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (gathering) clearTimeout(gathering);
      timer = undefined;
      gathering = undefined;
      await running;
    },
  };
}

/**
 * One line per failed delivery attempt: the recipient's domain (not the address), the reason and
 * what happens next. During an outage every message fails the same way, so identical failures
 * (same domain, same reason, same outcome) within 10 s become one line and a count.
 */
function logDeliveryFailure(message: OutboxMessage, reason: string, status: "pending" | "failed", retryInSeconds: number): void {
  const domain = message.recipient.split("@").at(-1) ?? "unknown";
  const next =
    status === "failed"
      ? "given up"
      : `attempt ${message.attempts} of ${MAX_DELIVERY_ATTEMPTS}, next in ${retryInSeconds} s`;
  logSummarised(
    status === "failed" ? "error" : "warn",
    "outbox",
    `${domain}\n${reason}\n${status}`,
    `${message.channel} to ${domain} not delivered: ${reason}; ${next}`,
    (count) => `${count} more ${message.channel} messages to ${domain} not delivered in 10 s: ${reason}`,
  );
}
