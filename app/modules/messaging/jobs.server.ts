import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import type { DeliveryRenderers } from "./render-at-delivery.server";
import type { Transports } from "./transports.server";
import { failAbandonedMessages } from "./claim-due-messages.server";
import { createOutboxSender, type RecipientGate } from "./outbox-sender.server";

export interface MessagingJobsOptions {
  db: Database;
  transports: Transports;
  /** Renderers of messages written without their body, declared by the modules that write them. */
  renderers?: DeliveryRenderers;
  /** First retry delay; each further one doubles. */
  retryDelaySeconds: number;
  /** Messages sent at once (MAIL_MAX_CONNECTIONS). */
  concurrency?: number;
  /** How long a claim holds before another sender may take the row (OUTBOX_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Which messages not to send (the deliverability module's suppression list). */
  skipRecipients?: RecipientGate;
}

/**
 * The outbox's sender and the jobs that trigger it. The sender (one per instance) claims and sends
 * batches of due rows; the jobs only wake it: `outbox-wake` when any instance asks, and
 * `outbox-sweep` every minute, so rows whose wake-up was lost or whose sender died are picked up
 * by whichever instance runs it (docs/decisions/016, superseding the job per message of 003).
 * A handler returns as soon as the pass has started: a long campaign must not hold a job open
 * past pg-boss's expiry, and the pass needs no job to finish.
 */
export function messagingJobs({ db, transports, renderers, retryDelaySeconds, concurrency = 5, leaseSeconds, skipRecipients }: MessagingJobsOptions) {
  const sender = createOutboxSender({ db, transports, renderers, retryDelaySeconds, concurrency, leaseSeconds, skipRecipients });

  const deliver = defineJob({
    name: "outbox-wake",
    // The id of the message that asked may come along, but the pass sends every due row.
    payload: z.object({ id: z.string().optional() }),
    // Singleton: many wake-ups at once need one pass, not a pile of jobs.
    policy: "singleton",
    pollingIntervalSeconds: 1,
    async handler() {
      sender.wake();
    },
  });

  const sweep = defineJob({
    name: "outbox-sweep",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 5,
    async handler() {
      await failAbandonedMessages(db);
      sender.wake();
    },
  });

  return {
    sender,
    /** A wake any instance may answer. */
    deliver,
    all: [deliver, sweep],
  };
}
