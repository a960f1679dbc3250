import type { Database } from "#app/lib/db.server";
import { queueEmail, type QueuedEmail, type QueueResult } from "./outbox.server";
import { wakeOutbox } from "./outbox-wake.server";

/**
 * Writes an e-mail to the outbox and asks the worker to send it. Call it after the transaction
 * that produced the e-mail has committed (or pass that transaction's `db` and wake afterwards).
 */
export async function sendEmail(db: Database, email: QueuedEmail): Promise<QueueResult> {
  const result = await queueEmail(db, email);
  if (result.created) await wakeOutbox(result.id);
  return result;
}
