import { logFailure } from "#app/lib/log.server";

/**
 * Asks this instance's outbox sender for a pass now, after a message was queued (the id names what
 * was queued, for the log). The composition root (server/runtime.ts) makes it from the sender and
 * hands it to routes (the request context's `wake.outbox`) and to the jobs it builds; use cases take
 * it as an argument. Without a sender (a script, a test) the caller passes `noOutboxWake`.
 */
export type OutboxWake = (id: string) => Promise<void>;

/** For scripts and tests with no sender: the queued message waits for the next sweep (every minute). */
export const noOutboxWake: OutboxWake = async () => undefined;

/**
 * Wakes the sender and never fails the caller: the message is safe in the outbox once queued, and
 * the sweep sends it if the wake went wrong (which is logged).
 */
export async function nudgeOutbox(wake: OutboxWake, id: string): Promise<void> {
  try {
    await wake(id);
  } catch (error) {
    logFailure("outbox", `waking the sender for ${id}`, error);
  }
}
