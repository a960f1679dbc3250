import { describe, expect, it } from "vitest";
import { applyQueuedTaps, doorGuestViews, doorStatusWords, isExpired, readOfflineWalkIn, withQueuedTaps } from "./door-state";
import type { DoorGuest, DoorTap } from "./door-sync";

const guest = (name: string, seats: number, arrivedSeats = 0): DoorGuest => ({
  reservationId: crypto.randomUUID(),
  name,
  email: null,
  phone: null,
  seats,
  arrivedSeats,
  ticketHash: "",
  firstArrival: arrivedSeats > 0 ? { at: "2031-06-01T02:00:00.000Z", by: "usher@example.com" } : null,
  contribution: { kind: "unpaid", expectedCents: 0, refundableCents: 0, refundInProgress: false, refundFailed: false },
});
const at = "2031-06-01T02:05:00.000Z";
const tap = (kind: DoorTap["kind"], reservationId: string, seats?: number): DoorTap => ({ id: crypto.randomUUID(), kind, reservationId, seats, at });

describe("the door phone's view", () => {
  it("applies queued taps by the server's rules: arrive caps at the seats, undo stops at none, and marks them waiting", () => {
    const ada = guest("Ada Lovelace", 2);
    const bo = guest("bo Diddley", 1, 1);
    const view = applyQueuedTaps([ada, bo], [tap("arrive", ada.reservationId, 1), tap("arrive", ada.reservationId, 2), tap("undo", bo.reservationId), tap("undo", bo.reservationId), tap("arrive", "unknown", 1)]);
    expect(view.map((row) => [row.name, row.arrivedSeats, row.waiting])).toEqual([
      ["Ada Lovelace", 2, 2],
      ["bo Diddley", 0, 2],
    ]);
    expect(view[0]!.firstArrival).toEqual({ at, by: "this phone" });
    expect(view[1]!.firstArrival).toBeNull();
  });

  it("keeps the object of every guest no tap touched, so only the tapped rows are drawn again", () => {
    const views = doorGuestViews([guest("Ada Lovelace", 2), guest("Bo Diddley", 1)]);
    const after = withQueuedTaps(views, [tap("arrive", views[0]!.reservationId, 1)]);
    expect(after[0]).not.toBe(views[0]);
    expect(after[1]).toBe(views[1]);
    expect(withQueuedTaps(views, [])).toBe(views);
  });

  it("shows a walk-in made offline as arrived and only on this phone, once however often it is queued", () => {
    const walkIn: DoorTap = { ...tap("walk-in", crypto.randomUUID(), 3), name: "Grace Hopper" };
    walkIn.reservationId = walkIn.id;
    const view = applyQueuedTaps([], [walkIn, walkIn, tap("undo", walkIn.id)]);
    expect(view).toMatchObject([{ name: "Grace Hopper", seats: 3, arrivedSeats: 2, onlyOnThisPhone: true }]);
  });

  it("says what waits and when all was saved", () => {
    const timeOf = () => "7:05 PM";
    expect(doorStatusWords({ connection: "offline", waiting: 12, savedAt: null, syncing: false, timeOf })).toBe("Offline — 12 check-ins waiting");
    expect(doorStatusWords({ connection: "online", waiting: 0, savedAt: at, syncing: false, timeOf })).toBe("All saved 7:05 PM");
    expect(doorStatusWords({ connection: "online", waiting: 1, savedAt: at, syncing: true, timeOf })).toBe("Saving 1 check-in…");
    expect(doorStatusWords({ connection: "signed-out", waiting: 3, savedAt: at, syncing: false, timeOf })).toBe("Signed out — sign in again to save 3 check-ins");
    expect(isExpired({ keepUntil: at }, new Date(at))).toBe(true);
  });

  it("checks an offline walk-in by the staff form's rules", () => {
    expect(readOfflineWalkIn({ eventId: crypto.randomUUID(), name: " Grace ", email: "", phone: "", seats: "2" })).toEqual({ ok: true, walkIn: { name: "Grace", email: "", phone: "", seats: 2 } });
    expect(readOfflineWalkIn({ eventId: crypto.randomUUID(), name: "", seats: "2" })).toMatchObject({ ok: false });
    expect(readOfflineWalkIn({ eventId: crypto.randomUUID(), name: "Grace", seats: "11" })).toMatchObject({ ok: false });
  });
});
