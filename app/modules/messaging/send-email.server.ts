import type { Database } from "#app/lib/db.server";
import { queueEmail, type QueuedEmail, type QueueResult } from "./outbox.server";
import type { OutboxWake } from "./outbox-wake.server";

/**
 * Writes an e-mail to the outbox and wakes the sender (`wake`; `noOutboxWake` leaves it to the
 * sweep). Call it after the transaction that produced the e-mail has committed (or pass that
 * transaction's `db` and wake afterwards).
 */
export async function sendEmail(db: Database, email: QueuedEmail, wake: OutboxWake): Promise<QueueResult> {
  const result = await queueEmail(db, email);
  if (result.created) await wake(result.id);
  return result;
}
