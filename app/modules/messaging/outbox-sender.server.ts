import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure, logSummarised } from "#app/lib/log.server";
import { claimDueMessages, releaseUnsentMessages, renewLeases, secondsUntilNextDue } from "./claim-due-messages.server";
import type { Transport, Transports } from "./transports.server";
import { describeFailure, failureFacts, isPermanentFailure, type FailureFacts } from "./delivery-errors";
import { countDelivery } from "./outbox-stats.server";
import type { DeliveryRenderers } from "./render-at-delivery.server";
import { renderBatch, type Prepared } from "./render-batch.server";
import { createSentRecorder } from "./sent-recorder.server";
import { LEASE_SECONDS, MAX_DELIVERY_ATTEMPTS, recordFailure, recordSkipped, retryDelaySeconds, type SentOutcome } from "./outbox.server";

/**
 * Asked at send time, once per claimed batch: which of these messages not to send, each with the
 * reason (e.g. `suppressed: hard bounce`). The deliverability module's suppression list answers it
 * through the composition root, so a campaign in progress stops mailing an address at once.
 */
export type RecipientGate = (db: Database, messages: OutboxMessage[]) => Promise<Map<string, string>>;

export interface OutboxSenderOptions {
  db: Database;
  transports: Transports;
  /** The modules' renderers of messages written without their body (docs/decisions/020). */
  renderers?: DeliveryRenderers;
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
  /** Messages not to send (suppressed recipients); they are recorded as skipped with the reason. */
  skipRecipients?: RecipientGate;
}

export interface OutboxSender {
  /** Asks for a pass over the due rows (after a 50 ms gathering pause); returns at once. */
  wake(): void;
  /** Wakes and waits until no due row is left (the scheduled job, tests). */
  deliverDue(): Promise<void>;
  /**
   * Stops claiming, lets the sends in flight finish and gives back the rest of the batch (claimed,
   * not yet sent) so another instance's sender may take them at once; resolves with how many.
   */
  stop(): Promise<number>;
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
  const renderers = new Map((options.renderers ?? []).map((renderer) => [renderer.name, renderer]));
  let running: Promise<void> | undefined;
  // Rows of the batch in progress that no connection has begun to send.
  let unsent = new Set<string>();
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
      logFailure("outbox", "a delivery pass", error);
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
      renewLeases(options.db, owner, [...inFlight], leaseSeconds).catch((error) => logFailure("outbox", "renewing leases", error));
    }, (leaseSeconds * 1000) / 3);
    renewal.unref();
    const recorder = createSentRecorder(options.db);
    let next = 0;
    unsent = new Set(inFlight);
    try {
      // Rendered here, outside any producer's transaction (docs/decisions/020).
      const rendered = await renderBatch(options.db, renderers, batch);
      const skipped = options.skipRecipients ? await options.skipRecipients(options.db, batch) : new Map<string, string>();
      const worker = async () => {
        // A stop lets each connection finish its message; the rest of the batch is given back.
        while (next < batch.length && !recorder.failed() && !stopped) {
          const message = batch[next++]!;
          unsent.delete(message.id);
          const skipReason = skipped.get(message.id);
          if (skipReason !== undefined) {
            await recordSkipped(options.db, message.id, skipReason);
            inFlight.delete(message.id);
            continue;
          }
          const sent = await sendOne(message, rendered.get(message.id));
          // A worker takes its next message only once this one's delivery is written: a crash then
          // repeats at most one message per connection, those whose answer was in flight (issue 27).
          if (sent) {
            try {
              await recorder.record(sent);
            } catch {
              return;
            }
          }
          inFlight.delete(message.id);
        }
      };
      await Promise.all(Array.from({ length: Math.min(options.concurrency, batch.length) }, worker));
    } finally {
      clearInterval(renewal);
    }
    // The database went away while recording: the rows not written keep their lease and are sent
    // again when it runs out; the pass's catch looks again shortly.
    recorder.throwIfFailed();
  }


  /** Sends one message; its outcome to record when the transport took it, else null (its failure is recorded here). */
  async function sendOne(claimed: OutboxMessage, prepared: Prepared | undefined): Promise<SentOutcome | null> {
    if (prepared && "failure" in prepared) {
      await fail(claimed, prepared.failure, prepared.permanent, { stage: prepared.stage });
      return null;
    }
    const message = prepared?.message ?? claimed;
    const transport = options.transports[message.channel] as Transport;
    try {
      const outcome = await transport.send(message);
      countDelivery(message.channel, "sent");
      const keepBody = transport.keepsBodies ?? false;
      return {
        id: message.id,
        transport: transport.name,
        providerId: outcome.providerId,
        keepBody,
        // The dev mailbox shows what was sent, so a body made at delivery is stored there.
        rendered:
          keepBody && prepared
            ? { subject: message.subject ?? "", bodyText: message.bodyText, bodyHtml: message.bodyHtml ?? "", meta: message.meta }
            : undefined,
      };
    } catch (error) {
      await fail(message, describeFailure(error), isPermanentFailure(error), failureFacts(error));
      return null;
    }
  }

  async function fail(message: OutboxMessage, reason: string, permanent: boolean, facts: FailureFacts) {
    const status = await recordFailure(options.db, message, reason, options.retryDelaySeconds, permanent, facts);
    countDelivery(message.channel, status === "failed" ? "failed" : "retrying");
    logDeliveryFailure(message, reason, status, retryDelaySeconds(message.attempts, options.retryDelaySeconds));
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
      const giveBack = [...unsent];
      unsent = new Set();
      return releaseUnsentMessages(options.db, owner, giveBack);
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
