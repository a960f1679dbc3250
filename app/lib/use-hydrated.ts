import { useSyncExternalStore } from "react";
import { inNextTask } from "#app/lib/next-task";

/**
 * What `useHydrated` answers in the browser. True outside a hydration (a client render, a test);
 * entry.client sets it false before it hydrates, and the root's first effect sets it true again in
 * a task of its own (decision 070): the components that change once hydrated (the player, the
 * event cards' buttons, the forms) then render again there, not in the hydration's effects task,
 * which was one long task with them. The server's render and hydration's read `false`.
 */
let hydrated = true;
const listeners = new Set<() => void>();

/** Before hydrateRoot (entry.client). */
export function beginHydration() {
  hydrated = false;
}

/** From the root's first effect: the page has hydrated; those waiting learn it in the next task. */
export function endHydrationSoon() {
  if (hydrated) return;
  inNextTask(() => {
    hydrated = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * True once the page runs in the browser: forms then tell their action that JavaScript is on, and
 * links that stand in for buttons become the buttons. A file of its own, in the chrome's chunk, so a
 * page that asks does not load the form helpers with it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => hydrated,
    () => false,
  );
}
