import type { Database } from "~/lib/db.server";
import { dueMessages, retryingTransactionalEmails } from "~/modules/messaging/index.server";
import { noteCondition, type AlertSettings } from "./alerts.server";

/** The oldest due transactional message may wait this long before admins are told. */
const OUTBOX_WAIT_ALERT_SECONDS = 5 * 60;

/** What an SMTP reply may quote: the recipient's address stays out of the alert and the status page. */
const redactAddresses = (text: string) => text.replace(/[^\s<>"'@]+@[^\s<>"'@]+/g, "[address]");

/**
 * The periodic check (a scheduled job, so one instance at a time runs it every minute) of the
 * conditions read from the outbox: transactional mail failing (alerting once it has lasted 15
 * minutes) and the oldest due transactional message older than 5 minutes.
 */
export async function checkOutboxAlerts(db: Database, settings: AlertSettings): Promise<void> {
  const retrying = await retryingTransactionalEmails(db);
  await noteCondition(
    db,
    "mail-failing",
    retrying.count > 0,
    retrying.count > 0
      ? `${retrying.count} transactional ${retrying.count === 1 ? "e-mail is" : "e-mails are"} waiting for another attempt after failing. Last error: ${redactAddresses(retrying.lastError ?? "none given").slice(0, 300)}`
      : undefined,
    settings,
  );
  const due = (await dueMessages(db)).find((row) => row.channel === "email" && row.priority === "transactional");
  const backedUp = due !== undefined && due.oldestSeconds > OUTBOX_WAIT_ALERT_SECONDS;
  await noteCondition(
    db,
    "outbox-backed-up",
    backedUp,
    backedUp ? `${due.count} transactional ${due.count === 1 ? "e-mail is" : "e-mails are"} due; the oldest was written ${Math.round(due.oldestSeconds / 60)} minutes ago.` : undefined,
    settings,
  );
}
