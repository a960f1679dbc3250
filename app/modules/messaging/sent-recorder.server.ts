import type { Database } from "#app/lib/db.server";
import { recordSentBatch, type SentOutcome } from "./outbox.server";

/**
 * Writes deliveries as they happen, in groups: what arrives while one statement runs goes in the
 * next, so the connections sending side by side share a statement (one per send would halve the
 * outbox's speed on the embedded database) and nothing waits more than one statement to be written.
 * After a failed write it refuses the rest, so no further message is sent unrecorded.
 */
export function createSentRecorder(db: Database) {
  let waiting: Array<{ outcome: SentOutcome; done: (error?: unknown) => void }> = [];
  let writing: Promise<void> | undefined;
  let failure: unknown;

  async function drain() {
    while (waiting.length > 0 && failure === undefined) {
      const group = waiting;
      waiting = [];
      try {
        await recordSentBatch(db, group.map((entry) => entry.outcome));
        for (const entry of group) entry.done();
      } catch (error) {
        failure = error;
        for (const entry of [...group, ...waiting]) entry.done(error);
        waiting = [];
      }
    }
    writing = undefined;
  }

  return {
    record(outcome: SentOutcome): Promise<void> {
      if (failure !== undefined) return Promise.reject(failure instanceof Error ? failure : new Error(String(failure)));
      const written = new Promise<void>((resolve, reject) => {
        waiting.push({ outcome, done: (error) => (error === undefined ? resolve() : reject(error instanceof Error ? error : new Error(String(error)))) });
      });
      writing ??= drain();
      return written;
    },
    failed: () => failure !== undefined,
    throwIfFailed() {
      if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
    },
  };
}
