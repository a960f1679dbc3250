import { addGuestSchema, guestFormMessages } from "../guest-form";
import type { DoorGuest, DoorList, DoorTap } from "./door-sync";

/**
 * What a door phone shows (docs/decisions/067): the door list as the server last answered it with
 * the taps still queued on this phone applied on top, in the order they were made, by the same
 * rules the server applies (arrive caps at the seats, undo stops at none, a walk-in arrives whole).
 * Pure, for the page and its tests.
 */
export interface DoorGuestView extends DoorGuest {
  /** Taps on this guest still waiting on the phone. */
  waiting: number;
  /** A walk-in made on this phone that the server has not yet created. */
  onlyOnThisPhone: boolean;
}

const unknownContribution: DoorGuest["contribution"] = { kind: "unpaid", expectedCents: 0, refundableCents: 0, refundInProgress: false, refundFailed: false };

/** The arrived seats after one tap, by the server's rule. */
export function arrivedAfterTap(tap: Pick<DoorTap, "kind" | "seats">, arrivedSeats: number, seats: number): number {
  if (tap.kind === "undo") return Math.max(0, arrivedSeats - 1);
  if (tap.kind === "arrive") return Math.min(seats, arrivedSeats + (tap.seats ?? 1));
  return seats;
}

/** The list's guests as the page shows them, before any queued tap: made once per list, so a row whose guest no tap touched keeps its object (and is not drawn again). */
export function doorGuestViews(guests: readonly DoorGuest[]): DoorGuestView[] {
  return guests.map((guest) => ({ ...guest, waiting: 0, onlyOnThisPhone: false }));
}

export function applyQueuedTaps(guests: readonly DoorGuest[], queued: readonly DoorTap[], thisPhone = "this phone"): DoorGuestView[] {
  return withQueuedTaps(doorGuestViews(guests), queued, thisPhone);
}

/** As applyQueuedTaps, on views made by doorGuestViews: only the guests a tap touched are new objects. */
export function withQueuedTaps(views: readonly DoorGuestView[], queued: readonly DoorTap[], thisPhone = "this phone"): DoorGuestView[] {
  if (queued.length === 0) return views as DoorGuestView[];
  const byId = new Map<string, DoorGuestView>(views.map((guest) => [guest.reservationId, guest]));
  for (const tap of queued) {
    if (tap.kind === "walk-in") {
      if (byId.has(tap.reservationId)) continue;
      const seats = tap.seats ?? 1;
      byId.set(tap.reservationId, {
        reservationId: tap.reservationId,
        name: tap.name ?? "Walk-in",
        email: tap.email || null,
        phone: tap.phone || null,
        seats,
        arrivedSeats: seats,
        ticketHash: "",
        firstArrival: { at: tap.at, by: thisPhone },
        contribution: unknownContribution,
        waiting: 1,
        onlyOnThisPhone: true,
      });
      continue;
    }
    const guest = byId.get(tap.reservationId);
    if (!guest) continue;
    const arrivedSeats = arrivedAfterTap(tap, guest.arrivedSeats, guest.seats);
    const firstArrival = arrivedSeats === 0 ? null : guest.arrivedSeats === 0 ? { at: tap.at, by: thisPhone } : guest.firstArrival;
    byId.set(tap.reservationId, { ...guest, arrivedSeats, firstArrival, waiting: guest.waiting + 1 });
  }
  // The server's order stands; a walk-in made here takes its place by name.
  if (byId.size === views.length) return views.map((view) => byId.get(view.reservationId)!);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }) || a.reservationId.localeCompare(b.reservationId));
}

export type DoorConnection = "online" | "offline" | "signed-out" | "refused";

/**
 * The bar at the top of the door page: "Offline — 12 check-ins waiting", "Saving 3 check-ins…",
 * "All saved 7:05 PM". A tap waits until the server has answered it; nothing says saved before.
 */
export function doorStatusWords(state: { connection: DoorConnection; waiting: number; savedAt: string | null; syncing: boolean; timeOf: (iso: string) => string }): string {
  const checkIns = (count: number) => `${count} ${count === 1 ? "check-in" : "check-ins"}`;
  if (state.connection === "signed-out") return `Signed out — sign in again to save ${checkIns(state.waiting)}`;
  if (state.connection === "offline") return state.waiting > 0 ? `Offline — ${checkIns(state.waiting)} waiting` : `Offline — nothing waiting${state.savedAt ? `, list from ${state.timeOf(state.savedAt)}` : ""}`;
  if (state.waiting > 0) return state.syncing ? `Saving ${checkIns(state.waiting)}…` : `${checkIns(state.waiting)} waiting to be saved`;
  return state.savedAt ? `All saved ${state.timeOf(state.savedAt)}` : "Loading the door list…";
}

/** Whether a stored door list is past its keeping (the day after its event). */
export const isExpired = (list: Pick<DoorList, "keepUntil">, now: Date) => Date.parse(list.keepUntil) <= now.getTime();

/**
 * A walk-in typed into the door's form with no signal, checked by the staff form's own rules
 * (the server checks it again when it arrives): the details to queue, or the first problem.
 */
export function readOfflineWalkIn(values: Record<string, unknown>): { ok: true; walkIn: { name: string; email: string; phone: string; seats: number } } | { ok: false; message: string } {
  const parsed = addGuestSchema.safeParse({ ...values, walkIn: "on" });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? guestFormMessages.couldNotSave };
  const { name, email, phone, seats } = parsed.data;
  return { ok: true, walkIn: { name, email: email ?? "", phone: phone ?? "", seats } };
}
