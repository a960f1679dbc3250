import { describe, expect, it } from "vitest";
import type { DoorTap } from "#app/modules/reservations";
import { queueOnScreen } from "./use-door";
import type { QueuedTap } from "./door-store";

const tap = (id: string): DoorTap => ({ id, kind: "arrive", reservationId: `reservation-${id}`, at: "2032-07-09T19:00:00.000Z" });
const stored = (seq: number, id: string): QueuedTap => ({ seq, eventId: "event", tap: tap(id) });
const unstored = (id: string): QueuedTap => ({ seq: Number.MAX_SAFE_INTEGER, eventId: "event", tap: tap(id) });

describe("the door's queue on screen", () => {
  it("keeps a tap whose write has not finished when a read of the store from just before comes back", () => {
    // Read while tap c was being written: the store had a and b.
    const shown = queueOnScreen([stored(1, "a"), stored(2, "b")], [unstored("c")]);
    expect(shown.map((queued) => queued.tap.id)).toEqual(["a", "b", "c"]);
  });

  it("shows a tap once when the store has it before its write has answered", () => {
    const shown = queueOnScreen([stored(1, "a"), stored(2, "c")], [unstored("c")]);
    expect(shown.map((queued) => [queued.seq, queued.tap.id])).toEqual([
      [1, "a"],
      [2, "c"],
    ]);
  });

  it("drops what the server answered: the store no longer has it and nothing is being written", () => {
    expect(queueOnScreen([], [])).toEqual([]);
  });
});
