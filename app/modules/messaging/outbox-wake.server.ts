import { slot } from "#app/lib/singleton.server";
import { logFailure } from "#app/lib/log.server";

/**
 * How a freshly written outbox message is handed to the job runner: the composition root
 * (server/runtime.ts) registers the runner's "deliver this message" trigger at start-up and
 * clears it at stop. Producers (`sendEmail`, the reservation confirmation) only call `wakeOutbox`,
 * so their signatures need no runner. Without a runner (a script, a unit test) a queued message
 * simply waits in the outbox for the next sweep.
 */
type Wake = (id: string) => Promise<void>;

// A slot, so that a development reload of this module keeps the registered trigger.
const current = slot<Wake>("outbox-wake");

export function registerOutboxWake(wake: Wake | undefined): void {
  current.current = wake;
}

export async function wakeOutbox(id: string): Promise<void> {
  try {
    await current.current?.(id);
  } catch (error) {
    // The message is safe in the outbox; the sweep will send it.
    logFailure("outbox", `queueing ${id}`, error);
  }
}
