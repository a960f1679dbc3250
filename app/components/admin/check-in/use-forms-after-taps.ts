import { useCallback, useRef, type FormEvent } from "react";
import type { DoorState } from "./use-door";

/** Marks a door tap's own form: taps go to the queue, never held behind it. */
export const DOOR_TAP_FORM = "data-door-tap";

/**
 * The door page's other forms (edit a guest, a walk-in with signal, a payment) post after the taps
 * this phone has queued, so the server sees them in the order the volunteer made them: "2 of 2
 * arrived", then seats 2 → 1, is refused as it would be on one device, instead of the edit landing
 * first and the arrivals being cut to fit it. Used as the page's `onSubmitCapture`: a post while
 * taps wait is held (nothing inside sees it), the queue is sent, then the same form is submitted
 * again with the same button, everything typed in it as it was. With no signal it is not held:
 * the form itself says what it can do offline.
 */
export function useFormsAfterTaps(door: Pick<DoorState, "waiting" | "sendWaiting">) {
  const released = useRef(new WeakSet<HTMLFormElement>());
  const { sendWaiting, waiting } = door;
  return useCallback(
    (event: FormEvent<HTMLElement>) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post" || form.hasAttribute(DOOR_TAP_FORM)) return;
      if (released.current.delete(form) || waiting === 0 || !navigator.onLine) return;
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      event.preventDefault();
      event.stopPropagation();
      void sendWaiting().finally(() => {
        released.current.add(form);
        if (form.isConnected) form.requestSubmit(submitter instanceof HTMLElement && submitter.isConnected ? submitter : null);
      });
    },
    [sendWaiting, waiting],
  );
}
