import { z } from "zod";
import type { Database } from "~/lib/db.server";
import { defineJob } from "~/lib/jobs/define-job";
import { deliverOutboxMessage, type Transports } from "./deliver-outbox-message.server";
import { findOverdueMessageIds, MAX_DELIVERY_ATTEMPTS } from "./outbox.server";

export interface MessagingJobsOptions {
  db: Database;
  transports: Transports;
  /** First retry delay; each further one doubles. */
  retryDelaySeconds: number;
}

/**
 * The outbox's jobs: each message gets a delivery job, retried with back-off, and a sweep every
 * minute re-queues messages whose job was lost. The claim on the outbox row keeps a message from
 * going out twice, whichever instance or job asks (docs/decisions/003).
 */
export function messagingJobs({ db, transports, retryDelaySeconds }: MessagingJobsOptions) {
  const deliver = defineJob({
    name: "outbox-deliver",
    payload: z.object({ id: z.string() }),
    retry: { limit: MAX_DELIVERY_ATTEMPTS - 1, delaySeconds: retryDelaySeconds, backoff: true },
    pollingIntervalSeconds: 1,
    async handler({ id }) {
      const result = await deliverOutboxMessage({ db, id, transports, retryDelaySeconds });
      // Throwing hands the retry and its back-off to pg-boss; the row already holds the error.
      if (result === "will-retry") throw new Error(`Delivery of outbox message ${id} failed; will retry`);
    },
  });

  const sweep = defineJob({
    name: "outbox-sweep",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 5,
    async handler(_payload, { send }) {
      // A grace period longer than the queue's own first retry, so the sweep only picks up orphans.
      const overdue = await findOverdueMessageIds(db, retryDelaySeconds * 4 + 60);
      for (const id of overdue) await send(deliver, { id });
    },
  });

  return {
    /** The trigger the outbox wake hands a new message to. */
    deliver,
    all: [deliver, sweep],
  };
}
