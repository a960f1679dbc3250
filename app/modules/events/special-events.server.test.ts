import { describe, expect, it } from "vitest";
import { buildEvent, type EventDraft } from "#app/modules/demo/factories/events";
import type { EventWithSeats } from "./list-events.server";
import { chooseReserveEvents, chooseVipEvent } from "./special-events.server";

const now = new Date("2026-06-01T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

let counter = 0;
function listed(draft: Partial<EventDraft> & { title: string }, seatsReserved = 0): EventWithSeats {
  counter += 1;
  return {
    ...buildEvent({ startsAt: inDays(5), ...draft }),
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    seatsReserved,
    seatsTaken: seatsReserved, doorExtraSeats: 0, remindersEnabled: true,
    createdAt: now,
    updatedAt: now,
  };
}

describe("chooseReserveEvents", () => {
  it("puts the event placed 'rsvp' first, forced into reserve mode with 'Reserve Your Spot' despite its ticket link", () => {
    const first = listed({ title: "Candlelight" });
    const sunset = listed({ title: "Sunset", placement: "rsvp", getTicketsLink: "https://tickets.example/sunset", button: "Book" });
    const { main } = chooseReserveEvents([first, sunset], now);
    expect(main?.title).toBe("Sunset");
    expect(main?.action).toEqual({ kind: "reserve", label: "Reserve Your Spot" });
  });

  it("keeps a placed event's disabled state (sold out stays 'Guest List Full')", () => {
    const sunset = listed({ title: "Sunset", placement: "rsvp", maxSeats: 10 }, 10);
    expect(chooseReserveEvents([sunset], now).main?.action).toEqual({ kind: "disabled", label: "Guest List Full" });
  });

  it("falls back to the first listed event with its own button when the placed one is over or missing", () => {
    const over = listed({ title: "Sunset", placement: "rsvp", startsAt: inDays(-1) });
    const labelled = listed({ title: "Workshop", button: "past event" });
    const tickets = listed({ title: "Full Moon", getTicketsLink: "https://tickets.example/moon", maxSeats: null });
    const { main } = chooseReserveEvents([over, labelled, tickets], now);
    expect(main?.title).toBe("Full Moon");
    expect(main?.action).toEqual({ kind: "tickets", label: "Get Tickets", href: "https://tickets.example/moon" });
  });

  it("shows a private event as the second card, disabled", () => {
    const sunset = listed({ title: "Sunset", placement: "rsvp" });
    const yoga = listed({ title: "Yoga", getTicketsLink: "https://tickets.example/yoga" });
    const privateEvening = listed({ title: "Living Room", button: "Private event" });
    const { second } = chooseReserveEvents([sunset, yoga, privateEvening], now);
    expect(second?.title).toBe("Living Room");
    expect(second?.action).toEqual({ kind: "disabled", label: "Private Event" });
  });

  it("otherwise shows the next upcoming unplaced event, forced into reserve mode", () => {
    const sunset = listed({ title: "Sunset", placement: "rsvp" });
    const vip = listed({ title: "VIP", placement: "vip" });
    const past = listed({ title: "Solstice", startsAt: inDays(-3) });
    const yoga = listed({ title: "Yoga", getTicketsLink: "https://tickets.example/yoga" });
    const { second } = chooseReserveEvents([sunset, vip, past, yoga], now);
    expect(second?.title).toBe("Yoga");
    expect(second?.action).toEqual({ kind: "reserve", label: "Reserve Your Spot" });
  });

  it("has no second card when nothing else is upcoming, and no cards at all for an empty or finished calendar", () => {
    expect(chooseReserveEvents([listed({ title: "Sunset", placement: "rsvp" })], now).second).toBeNull();
    expect(chooseReserveEvents([], now)).toEqual({ main: null, second: null });
    expect(chooseReserveEvents([listed({ title: "Old", startsAt: inDays(-2) })], now)).toEqual({ main: null, second: null });
  });
});

describe("chooseVipEvent", () => {
  it("invites to the placed event: featured, forced reserve, 'Reserve VIP Spot'", () => {
    const vip = chooseVipEvent(listed({ title: "VIP", placement: "vip", getTicketsLink: "https://tickets.example/vip" }), now);
    expect(vip?.featured).toBe(true);
    expect(vip?.action).toEqual({ kind: "reserve", label: "Reserve VIP Spot" });
  });

  it("finds no VIP event when none is placed or it is over (by date or by label)", () => {
    expect(chooseVipEvent(null, now)).toBeNull();
    expect(chooseVipEvent(listed({ title: "VIP", placement: "vip", startsAt: inDays(-1) }), now)).toBeNull();
    expect(chooseVipEvent(listed({ title: "VIP", placement: "vip", button: "Past Event" }), now)).toBeNull();
  });
});
