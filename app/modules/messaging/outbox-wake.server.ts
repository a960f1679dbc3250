/**
 * The running worker's wake-up call, registered at start-up. Without a worker (a script, a unit
 * test) a queued message simply waits in the outbox for the next worker's sweep.
 */
type Wake = (id: string) => Promise<void>;

const registry = globalThis as typeof globalThis & { __harmoniaOutboxWake?: Wake };

export function registerOutboxWake(wake: Wake | undefined): void {
  registry.__harmoniaOutboxWake = wake;
}

export async function wakeOutbox(id: string): Promise<void> {
  try {
    await registry.__harmoniaOutboxWake?.(id);
  } catch (error) {
    // The message is safe in the outbox; the sweep will send it.
    console.error(`[outbox] could not queue ${id} now:`, error instanceof Error ? error.message : error);
  }
}
