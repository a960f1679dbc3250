import { useCallback } from "react";
import { toast } from "sonner";
import { readOfflineWalkIn, type CheckInIntent } from "#app/modules/reservations";
import type { DoorState } from "./use-door";
import { useFormsAfterTaps } from "./use-forms-after-taps";

/**
 * What the door page's controls do once hydrated (decision 067): a row's tap goes to the door
 * store (one function for every row, so a tap draws only its row again), and the walk-in form,
 * with no signal, is checked by the staff form's rules and queued instead of posted; and the
 * page's other forms post after the queued taps (`afterTaps`, the page's onSubmitCapture).
 */
export function useDoorControls(door: Pick<DoorState, "tap" | "walkIn" | "waiting" | "sendWaiting">) {
  const { tap, walkIn } = door;
  const onTap = useCallback(
    (reservationId: string, seats: number, intent: CheckInIntent) => {
      if (intent === "undo") tap("undo", reservationId);
      else tap("arrive", reservationId, intent === "arrive-all" ? seats : 1);
    },
    [tap],
  );
  const takeOffline = useCallback(
    (form: HTMLFormElement) => {
      if (navigator.onLine) return false;
      const read = readOfflineWalkIn(Object.fromEntries(new FormData(form)));
      if (!read.ok) {
        toast.error(read.message);
        return false;
      }
      walkIn(read.walkIn);
      form.reset();
      toast.success(`Walk-in ${read.walkIn.name} added: saved to the guest list when this phone has signal.`);
      return true;
    },
    [walkIn],
  );
  return { onTap, takeOffline, afterTaps: useFormsAfterTaps(door) };
}
