import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * True once the page runs in the browser: forms then tell their action that JavaScript is on, and
 * links that stand in for buttons become the buttons. A file of its own, in the chrome's chunk, so a
 * page that asks does not load the form helpers with it.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
