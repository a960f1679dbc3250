import { describe, expect, it } from "vitest";
import { compareForListing, inListingOrder, listingGroup, type OrderedEventFacts } from "./event-order";
import { isPastEvent } from "./event-past";

const now = new Date("2031-03-10T12:00:00Z");
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
const event = (id: string, days: number, extra: Partial<OrderedEventFacts> = {}): OrderedEventFacts => ({ id, startsAt: inDays(days), featured: false, button: null, ...extra });

describe("the listing order (decision 041)", () => {
  it("puts upcoming events by date, soonest first, whatever order they come in", () => {
    const list = [event("c", 30), event("a", 2), event("b", 9)];
    expect(inListingOrder(list, now).map((item) => item.id)).toEqual(["a", "b", "c"]);
  });

  it("puts an earlier-dated new event before a later one (no 'Move up' eleven times)", () => {
    const calendar = Array.from({ length: 11 }, (_, index) => event(`later-${index}`, 60 + index));
    const nextSaturday = event("next-saturday", 4);
    expect(inListingOrder([...calendar, nextSaturday], now)[0]!.id).toBe("next-saturday");
  });

  it("pins featured upcoming events first, by date among themselves", () => {
    const list = [event("soon", 1), event("pinned-late", 40, { featured: true }), event("pinned-early", 20, { featured: true })];
    expect(inListingOrder(list, now).map((item) => item.id)).toEqual(["pinned-early", "pinned-late", "soon"]);
  });

  it("puts past events last, the most recent first; a past event loses its pin", () => {
    const list = [event("long-ago", -300), event("yesterday", -1, { featured: true }), event("tomorrow", 1), event("last-month", -30)];
    expect(inListingOrder(list, now).map((item) => item.id)).toEqual(["tomorrow", "yesterday", "last-month", "long-ago"]);
  });

  it("reads 'Past Event' labelled by hand as past, as the card does", () => {
    const marked = event("marked", 3, { button: " past  EVENT ", featured: true });
    expect(isPastEvent(marked, now)).toBe(true);
    expect(listingGroup(marked, now)).toBe(2);
    expect(inListingOrder([marked, event("open", 5)], now).map((item) => item.id)).toEqual(["open", "marked"]);
    // Other disabled labels are not 'past': a private evening keeps its date's place.
    expect(isPastEvent(event("private", 3, { button: "Private Event" }), now)).toBe(false);
  });

  it("breaks ties of the same start by id, so the order is stable", () => {
    const compare = compareForListing(now);
    expect(compare(event("a", 5), event("b", 5))).toBeLessThan(0);
    expect(compare(event("b", 5), event("a", 5))).toBeGreaterThan(0);
    expect(compare(event("a", 5), event("a", 5))).toBe(0);
  });

  it("counts an event starting exactly now as upcoming", () => {
    expect(isPastEvent(event("now", 0), now)).toBe(false);
  });
});
