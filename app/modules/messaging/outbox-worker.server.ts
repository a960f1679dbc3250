import PgBoss from "pg-boss";
import type { DatabaseHandle } from "~/lib/db.server";
import { deliverOutboxMessage, type Transports } from "./deliver-outbox-message.server";
import { findOverdueMessageIds, MAX_DELIVERY_ATTEMPTS } from "./outbox.server";

const DELIVER_QUEUE = "outbox-deliver";
const SWEEP_QUEUE = "outbox-sweep";
const HOUSEKEEPING_QUEUE = "housekeeping";

export interface OutboxWorker {
  /** Asks a worker to send this outbox message now. Safe to call more than once. */
  wake(id: string): Promise<void>;
  /** Whether the queue answers, for /healthz and the status page. */
  isHealthy(): Promise<boolean>;
  stop(): Promise<void>;
}

export interface OutboxWorkerOptions {
  handle: DatabaseHandle;
  transports: Transports;
  /** First retry delay; each further one doubles. */
  retryDelaySeconds: number;
  /** Schema of pg-boss's own tables. */
  schema?: string;
  /** Chores run once an hour by one instance (e.g. forgetting stale rate-limit counters). */
  hourlyChores?: Array<{ name: string; run: () => Promise<unknown> }>;
}

/**
 * Runs the outbox on pg-boss: each message gets a job that sends it and is retried with
 * back-off; a sweep every minute re-queues messages whose job was lost. Every instance of the
 * server runs one; the claim on the outbox row keeps a message from going out twice.
 */
export async function startOutboxWorker(options: OutboxWorkerOptions): Promise<OutboxWorker> {
  const { handle, transports, retryDelaySeconds } = options;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => handle.executeSql(text, values) },
    schema: options.schema ?? "pgboss",
    // Each instance keeps pg-boss's housekeeping light: one supervisor is enough per database,
    // and pg-boss elects it with an advisory lock.
    supervise: true,
    schedule: true,
  });
  boss.on("error", (error) => console.error("[outbox] queue error:", error.message));
  await boss.start();
  const retry = { retryLimit: MAX_DELIVERY_ATTEMPTS - 1, retryDelay: retryDelaySeconds, retryBackoff: true };
  await boss.createQueue(DELIVER_QUEUE, { name: DELIVER_QUEUE, ...retry });
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton" });

  const wake = async (id: string) => {
    await boss.send(DELIVER_QUEUE, { id }, retry);
  };

  await boss.work<{ id: string }>(DELIVER_QUEUE, { pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) {
      const result = await deliverOutboxMessage({ db: handle.db, id: job.data.id, transports, retryDelaySeconds });
      // Throwing hands the retry and its back-off to pg-boss; the row already holds the error.
      if (result === "will-retry") throw new Error(`Delivery of outbox message ${job.data.id} failed; will retry`);
    }
  });

  await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: 5 }, async () => {
    // A grace period longer than the queue's own first retry, so the sweep only picks up orphans.
    const overdue = await findOverdueMessageIds(handle.db, retryDelaySeconds * 4 + 60);
    for (const id of overdue) await wake(id);
  });
  await boss.schedule(SWEEP_QUEUE, "* * * * *");

  const chores = options.hourlyChores ?? [];
  if (chores.length > 0) {
    await boss.createQueue(HOUSEKEEPING_QUEUE, { name: HOUSEKEEPING_QUEUE, policy: "singleton" });
    await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      for (const chore of chores) {
        // One failing chore must not keep the others from running.
        await chore.run().catch((error: unknown) => console.error(`[housekeeping] ${chore.name} failed:`, error));
      }
    });
    await boss.schedule(HOUSEKEEPING_QUEUE, "17 * * * *");
  }

  return {
    wake,
    async isHealthy() {
      try {
        await boss.getQueueSize(DELIVER_QUEUE);
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
