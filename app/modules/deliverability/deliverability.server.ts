import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { LogFormat } from "#app/lib/log.server";
import { startBounceMailboxPoller } from "./bounce-mailbox.server";
import { startBouncePollerThread } from "./bounce-poller-thread.server";
import { dkimSettingsFrom, type DkimSettings } from "./dkim.server";
import { suppressedBulkMessages } from "./suppressions.server";
import { envelopeSender } from "./verp";

export interface DeliverabilitySettings {
  MAIL_BOUNCE_ADDRESS?: string;
  BOUNCE_MAILBOX_URL?: string;
  BOUNCE_POLL_SECONDS: number;
  BOUNCE_SOFT_LIMIT: number;
  DKIM_DOMAIN?: string;
  DKIM_SELECTOR?: string;
  DKIM_PRIVATE_KEY?: string;
}

/**
 * What the composition root hands to messaging and starts: the envelope sender (VERP), the DKIM
 * key, the sender's gate on suppressed recipients, and the bounce mailbox's poller.
 */
export function deliverabilityParts(env: DeliverabilitySettings) {
  const bounceAddress = env.MAIL_BOUNCE_ADDRESS;
  return {
    envelopeSender: bounceAddress ? (message: OutboxMessage) => envelopeSender(bounceAddress, message.id) : undefined,
    dkim: dkimSettingsFrom(env) satisfies DkimSettings | null,
    skipRecipients: suppressedBulkMessages,
    /**
     * Starts the bounce mailbox's poller when BOUNCE_MAILBOX_URL is set: on its own thread when the
     * server runs from its build on PostgreSQL (`thread`), so reading bounces never holds up a page;
     * else in process (the embedded database lives in this thread; development has no built entry).
     */
    startPoller(db: Database, driver: "pglite" | "postgres", thread?: { workerFile: string; databaseUrl: string; logFormat: LogFormat }) {
      if (!env.BOUNCE_MAILBOX_URL) return undefined;
      const poller = {
        mailboxUrl: env.BOUNCE_MAILBOX_URL,
        bounceAddress,
        softLimit: env.BOUNCE_SOFT_LIMIT,
        seconds: env.BOUNCE_POLL_SECONDS,
        concurrency: driver === "pglite" ? 1 : undefined,
      };
      if (driver === "postgres" && thread) return startBouncePollerThread(thread.workerFile, { databaseUrl: thread.databaseUrl, logFormat: thread.logFormat, poller });
      return startBounceMailboxPoller({ db, ...poller });
    },
  };
}
