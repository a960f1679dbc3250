import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import type { Transport } from "#app/modules/messaging/index.server";
import { createOutboxSender } from "#app/modules/messaging/index.server";
import { textsRefusedAtSending, type TextRules } from "./text-eligibility.server";

/**
 * Texts leave the outbox through a sender of their own: one at a time, paced by the transport
 * (SMS_RATE_PER_SECOND), so a slow SMS queue never holds up e-mail, nor e-mail the texts. Like
 * the e-mail sender, jobs only wake it: `sms-sweep` every minute (quiet-hour sends, retries, a
 * lost wake-up), any instance answering. A text whose number may no longer be texted when its turn
 * comes (its country left SMS_ALLOWED_COUNTRIES, it replied STOP) is cancelled with the reason.
 */
export function smsJobs({
  db,
  transport,
  retryDelaySeconds,
  leaseSeconds,
  allowedCountries,
}: { db: Database; transport: Transport; retryDelaySeconds: number; leaseSeconds?: number } & TextRules) {
  const sender = createOutboxSender({
    db,
    transports: { sms: transport },
    retryDelaySeconds,
    concurrency: 1,
    batchSize: 10,
    leaseSeconds,
    skipRecipients: textsRefusedAtSending({ allowedCountries }),
  });
  const sweep = defineJob({
    name: "sms-sweep",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 5,
    async handler() {
      sender.wake();
    },
  });
  return { sender, all: [sweep] };
}
