import { describe, expect, it } from "vitest";
import { disabledLabel, eventCardAction, isSoldOut, seatsLeft, type EventCardFacts } from "./event-card-action";

const now = new Date("2026-06-01T12:00:00Z");
const upcoming: EventCardFacts = {
  startsAt: new Date("2026-06-10T01:30:00Z"),
  button: null,
  getTicketsLink: null,
  soldOut: false,
  maxSeats: 40,
  seatsReserved: 0,
};
const action = (facts: Partial<EventCardFacts>, options: { forceReserve?: boolean; reserveLabel?: string } = {}) =>
  eventCardAction({ ...upcoming, ...facts }, { now, ...options });

describe("eventCardAction", () => {
  it("opens the reserve dialog with 'Reserve Your Spot' by default", () => {
    expect(action({})).toEqual({ kind: "reserve", label: "Reserve Your Spot" });
  });

  it("uses the event's own label, else the page's", () => {
    expect(action({ button: "RSVP Now" })).toEqual({ kind: "reserve", label: "RSVP Now" });
    expect(action({}, { reserveLabel: "Reserve VIP Spot" })).toEqual({ kind: "reserve", label: "Reserve VIP Spot" });
    expect(action({ button: "  " })).toEqual({ kind: "reserve", label: "Reserve Your Spot" });
  });

  it("is 'Guest List Full' when reservations reach max seats or the flag is set", () => {
    expect(action({ seatsReserved: 40 })).toEqual({ kind: "disabled", label: "Guest List Full" });
    expect(action({ seatsReserved: 41 })).toEqual({ kind: "disabled", label: "Guest List Full" });
    expect(action({ seatsReserved: 39 }).kind).toBe("reserve");
    expect(action({ soldOut: true })).toEqual({ kind: "disabled", label: "Guest List Full" });
  });

  it("puts sold out before every other rule, tickets and past included", () => {
    expect(action({ soldOut: true, getTicketsLink: "https://t.example" })).toEqual({ kind: "disabled", label: "Guest List Full" });
    expect(action({ soldOut: true, button: "Coming Soon" })).toEqual({ kind: "disabled", label: "Guest List Full" });
    expect(action({ soldOut: true, startsAt: new Date("2026-05-01T00:00:00Z") }).label).toBe("Guest List Full");
  });

  it("normalises the disabled labels whatever their case and spacing", () => {
    for (const [button, label] of [
      ["past event", "Past Event"],
      ["PAST EVENT", "Past Event"],
      ["Coming  soon ", "Coming Soon"],
      ["coming soon", "Coming Soon"],
      ["Private event", "Private Event"],
      ["PRIVATE EVENT", "Private Event"],
    ]) {
      expect(action({ button })).toEqual({ kind: "disabled", label });
    }
  });

  it("keeps a disabled label even with a ticket link or forced reserve mode", () => {
    expect(action({ button: "coming soon", getTicketsLink: "https://t.example" }, { forceReserve: true })).toEqual({
      kind: "disabled",
      label: "Coming Soon",
    });
  });

  it("turns an event that has started into 'Past Event'", () => {
    expect(action({ startsAt: new Date("2026-06-01T11:59:59Z") })).toEqual({ kind: "disabled", label: "Past Event" });
    expect(action({ startsAt: new Date("2026-06-01T11:59:59Z"), getTicketsLink: "https://t.example" }).label).toBe("Past Event");
    expect(action({ startsAt: new Date("2026-06-01T12:00:00Z") }).kind).toBe("reserve");
  });

  it("links to tickets when there is a link, unless reserve mode is forced", () => {
    expect(action({ getTicketsLink: "https://t.example/e" })).toEqual({ kind: "tickets", label: "Get Tickets", href: "https://t.example/e" });
    expect(action({ getTicketsLink: "https://t.example/e", button: "RSVP Now" })).toMatchObject({ kind: "tickets" });
    expect(action({ getTicketsLink: "https://t.example/e" }, { forceReserve: true })).toEqual({ kind: "reserve", label: "Reserve Your Spot" });
  });

  it("offers nothing to open for an event without seats here or a ticket link", () => {
    expect(action({ maxSeats: null })).toEqual({ kind: "disabled", label: "Coming Soon" });
    expect(action({ maxSeats: null, getTicketsLink: "https://t.example" }).kind).toBe("tickets");
  });
});

describe("helpers", () => {
  it("reads disabled labels and sold-out state", () => {
    expect(disabledLabel("Reserve Your Spot")).toBeNull();
    expect(disabledLabel(null)).toBeNull();
    expect(isSoldOut({ soldOut: false, maxSeats: null, seatsReserved: 500 })).toBe(false);
  });
  it("counts the seats left, never below zero", () => {
    expect(seatsLeft({ maxSeats: 10, seatsReserved: 4 })).toBe(6);
    expect(seatsLeft({ maxSeats: 10, seatsReserved: 14 })).toBe(0);
    expect(seatsLeft({ maxSeats: null, seatsReserved: 0 })).toBeNull();
  });
});
