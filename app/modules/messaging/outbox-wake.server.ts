/**
 * Asks this instance's outbox sender for a pass now, after a message was queued (the id names what
 * was queued). The composition root (server/runtime.ts) makes it from the sender and hands it to
 * routes (the request context's `wake.outbox`) and to the jobs it builds; use cases take it as an
 * argument. Without a sender (a script, a test) the caller passes `noOutboxWake`.
 *
 * It never rejects: the sender's wake only sets a timer for its next pass, and the message is safe
 * in the outbox either way (the sweep sends it within a minute), so callers simply await it.
 */
export type OutboxWake = (id: string) => Promise<void>;

/** For scripts and tests with no sender: the queued message waits for the next sweep (every minute). */
export const noOutboxWake: OutboxWake = async () => undefined;
