import { TZDate } from "@date-fns/tz";
import { slugForEvent } from "#app/modules/events";
import { normaliseAddress } from "#app/modules/security";

/**
 * Builders for events and reservations, shared by the demo seed and the tests. Start times are
 * given as a local date and time at the venue, the way staff think of them.
 */
export interface EventDraft {
  title: string;
  startsAt: Date;
  description?: string;
  image?: string;
  location?: string | null;
  address?: string | null;
  featured?: boolean;
  getTicketsLink?: string | null;
  button?: string | null;
  status?: "draft" | "published" | "archived";
  soldOut?: boolean;
  maxSeats?: number | null;
  placement?: "rsvp" | "vip" | null;
  durationMinutes?: number;
}

/** An instant `daysFromToday` days from today at `hour:minute` in the venue's time zone. */
export function venueTime(timeZone: string, daysFromToday: number, hour: number, minute = 0, today = new Date()): Date {
  const local = new TZDate(today, timeZone);
  return new Date(new TZDate(local.getFullYear(), local.getMonth(), local.getDate() + daysFromToday, hour, minute, 0, timeZone).getTime());
}

export function buildEvent(draft: EventDraft) {
  return {
    title: draft.title,
    slug: slugForEvent(draft.title, draft.startsAt),
    startsAt: draft.startsAt,
    durationMinutes: draft.durationMinutes ?? 120,
    description: draft.description ?? "An evening of live piano, slow breath and candlelight.",
    image: draft.image ?? "/media/images/event-candlelight.svg",
    location: draft.location === undefined ? "A private home in La Jolla" : draft.location,
    address: draft.address === undefined ? "La Jolla, San Diego, CA" : draft.address,
    featured: draft.featured ?? false,
    getTicketsLink: draft.getTicketsLink ?? null,
    button: draft.button ?? null,
    status: draft.status ?? "published",
    soldOut: draft.soldOut ?? false,
    maxSeats: draft.maxSeats === undefined ? 40 : draft.maxSeats,
    placement: draft.placement ?? null,
  };
}

let sequence = 0;

export function buildReservation(eventId: string, overrides: { visitorName?: string; visitorEmail?: string; phone?: string | null; seats?: number } = {}) {
  sequence += 1;
  const visitorEmail = overrides.visitorEmail ?? `guest-${Date.now().toString(36)}-${sequence}@example.com`;
  return {
    eventId,
    visitorName: overrides.visitorName ?? `Guest ${sequence}`,
    visitorEmail,
    visitorEmailKey: normaliseAddress(visitorEmail),
    phone: overrides.phone ?? null,
    seats: overrides.seats ?? 2,
  };
}
