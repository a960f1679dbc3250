import { randomUUID } from "node:crypto";
import { slugForEvent } from "#app/modules/events";
import { isSiteSlug, legacyRules, shown } from "./legacy-fields";
import type { PlanContext } from "./legacy-plan";
import type { Calendar, ManagedEvent } from "./plan-events";

const DAY_MS = 86_400_000;

/**
 * events (the ticketed ones): each merged with the managed event of its venue day, else one
 * within a day (the spec's matching rule), which takes its seat limit and slug; without one it is
 * an event of its own (published, or archived when past). Answers every ticketed legacy id's
 * event here (earlier runs' too), for the reservations.
 */
export function planTicketedEvents(context: PlanContext, calendar: Calendar): Map<string, string> {
  const { rowsOf, idOf, settled, admitted, skip, changed, count, map, existing, time, now, options, plan } = context;
  const { eventsHere, managedEvents, uniqueSlug } = calendar;
  const ticketedTarget = new Map<string, string>();
  for (const [legacyKey, target] of existing.mapped) if (legacyKey.startsWith("events|") && target.present) ticketedTarget.set(legacyKey.slice(7), target.targetId);
  const venueDay = new Intl.DateTimeFormat("en-CA", { timeZone: options.timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const dayKey = (date: Date) => venueDay.format(date);
  // Managed events by their venue day, for the ticketed rows' same-day (else within a day) match.
  const byDay = new Map<string, ManagedEvent[]>();
  for (const event of managedEvents) {
    if (!event.dated) continue;
    const key = dayKey(event.startsAt);
    const same = byDay.get(key);
    if (same) same.push(event);
    else byDay.set(key, [event]);
  }
  for (const [index, row] of rowsOf("events").entries()) {
    const legacyId = idOf(row, "events", index);
    if (settled("events", legacyId) || !admitted("events", legacyId, row)) continue;
    const startsAt = time(row.event_date);
    if (!startsAt) {
      skip("events", legacyId, "no event_date");
      continue;
    }
    const seatLimit = legacyRules.maxSeats.safeParse(row.max_seats?.trim() ?? "");
    const maxSeats = seatLimit.success ? seatLimit.data : null;
    if (!seatLimit.success) changed("events", legacyId, `max_seats '${shown(row.max_seats)}' left out: ${seatLimit.error.issues[0]?.message}`);
    let slug = row.slug?.trim() || null;
    if (slug && !isSiteSlug(slug)) {
      changed("events", legacyId, `slug '${shown(slug)}' left out: not lower-case letters and digits joined by hyphens`);
      slug = null;
    }
    // The spec's matching rule: the managed event of the same calendar day, else one within a day.
    const around = [-DAY_MS, DAY_MS].flatMap((offset) => byDay.get(dayKey(new Date(startsAt.getTime() + offset))) ?? []);
    const match =
      byDay.get(dayKey(startsAt))?.find((event) => !event.matched) ??
      around
        .filter((event) => !event.matched && Math.abs(event.startsAt.getTime() - startsAt.getTime()) <= DAY_MS)
        .sort((a, b) => Math.abs(a.startsAt.getTime() - startsAt.getTime()) - Math.abs(b.startsAt.getTime() - startsAt.getTime()))[0];
    if (match) {
      match.matched = true;
      if (match.row) {
        match.row.maxSeats = maxSeats;
        if (slug && !existing.slugs.has(slug)) {
          existing.slugs.delete(match.row.slug);
          existing.slugs.add(slug);
          match.row.slug = slug;
        }
      } else {
        plan.eventUpdates.push({ id: match.id, maxSeats });
      }
      eventsHere.get(match.id)!.maxSeats = maxSeats;
      count("events", "merged");
      map("events", legacyId, "events", match.id, false);
      ticketedTarget.set(legacyId, match.id);
      continue;
    }
    const id = randomUUID();
    const title = row.name || `Event of ${dayKey(startsAt)}`;
    plan.rows.events.push({
      id,
      title,
      slug: uniqueSlug(slug || slugForEvent(title, startsAt)),
      startsAt,
      location: row.location,
      address: row.address,
      description: "",
      image: options.images.defaultImage,
      status: startsAt > now ? "published" : "archived",
      maxSeats,
      createdAt: now,
      updatedAt: now,
    });
    eventsHere.set(id, { startsAt, maxSeats, seatsTaken: 0 });
    changed("events", legacyId, `no managed event on ${dayKey(startsAt)}: imported as its own event (${startsAt > now ? "published" : "archived, it is past"})`);
    count("events", "new");
    map("events", legacyId, "events", id, true);
    ticketedTarget.set(legacyId, id);
  }
  return ticketedTarget;
}
