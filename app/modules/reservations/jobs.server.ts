import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import { purgeDoorTaps } from "./check-in/purge-door-taps.server";
import { pruneGuestTokens } from "./guest-tokens.server";
import { queueDueReminders } from "./reminders.server";
import { processWaitingLists } from "./waiting-list/waiting-list.server";

/**
 * The reservations module's jobs: the waiting lists' pass (every minute: expire offers, offer free
 * seats; then prune used guest links and the door taps of events ended a week ago) and the reminders' pass (every five minutes). Singletons, and safe on any instance: every
 * write they make is conditional or keyed, so a second run finds nothing to do. `wake` starts this
 * instance's senders for the offers and reminders a pass queued.
 */
export function reservationJobs(options: {
  db: Database;
  offerHours: number;
  publicUrl: string;
  timeZone: string;
  smsAllowedCountries: readonly string[];
  wake: { outbox: OutboxWake; texts: TextWake };
}) {
  const waitingLists = defineJob({
    name: "waiting-list-offers",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 5,
    retry: { limit: 2, delaySeconds: 10, backoff: true },
    async handler() {
      await processWaitingLists(options.db, { now: new Date(), offerHours: options.offerHours }, options.wake.outbox);
      await pruneGuestTokens(options.db, new Date());
      await purgeDoorTaps(options.db, new Date());
    },
  });
  const reminders = defineJob({
    name: "reservation-reminders",
    payload: z.object({}),
    schedule: "*/5 * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 10,
    retry: { limit: 2, delaySeconds: 30, backoff: true },
    async handler() {
      await queueDueReminders(options.db, options.wake, new Date(), { publicUrl: options.publicUrl, timeZone: options.timeZone, smsAllowedCountries: options.smsAllowedCountries });
    },
  });
  return { waitingLists, reminders, all: [waitingLists, reminders] };
}
