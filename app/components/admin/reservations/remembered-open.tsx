import { useEffect, useRef, type SyntheticEvent } from "react";
import { useNonce } from "#app/lib/nonce";

/** Where the browser keeps whether an event's guest rows are open ('1') or closed ('0'). */
export const openStateKey = (eventId: string) => `harmonia.reservations.open.${eventId}`;

const ATTRIBUTE = "data-remember-open";

/**
 * Opens, before the first paint, the guest lists this browser left open: the server renders every
 * list closed (the spec's default) and cannot know, so a script placed right after the table sets
 * `open` on those `<details>` while the page is still being parsed. Nothing moves once React
 * hydrates, since `open` is left to the element (React renders no `open` for them).
 */
export function RememberedOpenScript() {
  const nonce = useNonce();
  const script = `document.querySelectorAll("details[${ATTRIBUTE}]").forEach(function(d){try{if(localStorage.getItem("${openStateKey("")}"+d.getAttribute("${ATTRIBUTE}"))==="1")d.open=true}catch(e){}})`;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

/**
 * The props of an event's `<details>` that remember its state per event in localStorage. After a
 * client-side navigation (no script ran), the stored state is applied once on mount.
 */
export function useRememberedOpen(eventId: string, enabled: boolean) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!enabled || !ref.current) return;
    try {
      if (localStorage.getItem(openStateKey(eventId)) === "1") ref.current.open = true;
    } catch {
      // Storage refused (private mode, policy): the list simply starts closed.
    }
  }, [eventId, enabled]);
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (!enabled) return;
    try {
      localStorage.setItem(openStateKey(eventId), event.currentTarget.open ? "1" : "0");
    } catch {
      // As above: without storage the state lasts until the page is left.
    }
  };
  return { ref, onToggle, [ATTRIBUTE]: enabled ? eventId : undefined };
}
