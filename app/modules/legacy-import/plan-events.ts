import { randomUUID } from "node:crypto";
import { slugForEvent } from "#app/modules/events";
import type { EventBulkRow } from "#app/modules/events/index.server";
import { parseLegacyDate } from "./legacy-dates";
import { shown } from "./legacy-fields";
import { resolveLegacyImage } from "./legacy-images.server";
import type { PlanContext } from "./legacy-plan";
import { isTrue, normaliseButton } from "./legacy-values";

/** A managed event (here before, or new from events_management) the ticketed rows may merge with. */
export interface ManagedEvent {
  id: string;
  startsAt: Date;
  dated: boolean;
  matched: boolean;
  /** The new event's row, while it is still in the plan; null for an event already here. */
  row: EventBulkRow | null;
}

/** The events as planned so far, which the ticketed events and the reservations are matched to. */
export interface Calendar {
  /** Every event here or new, by id, with its seats. */
  eventsHere: Map<string, { startsAt: Date; maxSeats: number | null; seatsTaken: number }>;
  managedEvents: ManagedEvent[];
  /** A slug no event here or planned has (the wanted one, else with -2, -3…). */
  uniqueSlug(wanted: string): string;
}

/**
 * events_management: the managed events, each new (an event of the old site's management page,
 * dated in the venue's zone, with its image); a date not understood makes a draft dated when it
 * was made. Answers the calendar, with the managed events imported by earlier runs.
 */
export async function planManagedEvents(context: PlanContext): Promise<Calendar> {
  const { rowsOf, idOf, settled, admitted, skip, changed, count, map, existing, time, now, options, plan } = context;
  const eventsHere = new Map(existing.events);
  const managedEvents: ManagedEvent[] = [];
  for (const mapping of existing.mapped.entries()) {
    const [key, target] = mapping;
    if (!key.startsWith("events_management|") || !target.present) continue;
    const known = eventsHere.get(target.targetId);
    if (known) managedEvents.push({ id: target.targetId, startsAt: known.startsAt, dated: true, matched: known.maxSeats !== null, row: null });
  }
  const uniqueSlug = (wanted: string) => {
    let slug = wanted;
    for (let n = 2; existing.slugs.has(slug); n++) slug = `${wanted}-${n}`;
    existing.slugs.add(slug);
    return slug;
  };
  for (const [index, row] of rowsOf("events_management").entries()) {
    const legacyId = idOf(row, "events_management", index);
    if (settled("events_management", legacyId) || !admitted("events_management", legacyId, row)) continue;
    const title = row.title;
    if (!title) {
      skip("events_management", legacyId, "no title");
      continue;
    }
    const createdAt = time(row.created_at);
    const parsed = parseLegacyDate(row.date, row.time, { timeZone: options.timeZone, defaultYear: options.defaultYear, createdAt, now });
    const active = row.is_active === null || isTrue(row.is_active);
    let status: "draft" | "published" | "archived" = !active ? "archived" : row.status?.trim().toLowerCase() === "published" ? "published" : "draft";
    let startsAt: Date;
    if (parsed.ok) {
      startsAt = parsed.startsAt;
      if (parsed.yearAssumed) changed("events_management", legacyId, `date '${shown(row.date)}' has no year: ${parsed.yearAssumed} taken`);
      if (parsed.timeAssumed) changed("events_management", legacyId, `time '${shown(row.time)}' not understood: 7:00 PM taken`);
    } else {
      startsAt = createdAt ?? now;
      if (status === "published") status = "draft";
      changed("events_management", legacyId, `unparseable date '${shown(row.date)}' '${shown(row.time)}': imported as a draft dated when it was made; set its date`);
    }
    if (!active) changed("events_management", legacyId, "inactive on the old site: imported as archived");
    const id = randomUUID();
    const image = await resolveLegacyImage(row.image, options.images, plan.pendingImages);
    if (image.problem) changed("events_management", legacyId, image.problem);
    const event: EventBulkRow = {
      id,
      title,
      slug: uniqueSlug(slugForEvent(title, startsAt)),
      startsAt,
      location: row.location,
      address: row.address,
      description: row.description ?? "",
      image: image.path,
      featured: isTrue(row.featured),
      getTicketsLink: row.get_tickets_link,
      button: normaliseButton(row.button),
      status,
      soldOut: isTrue(row.sold_out),
      maxSeats: null,
      createdAt: createdAt ?? now,
      updatedAt: now,
    };
    plan.rows.events.push(event);
    eventsHere.set(id, { startsAt, maxSeats: null, seatsTaken: 0 });
    managedEvents.push({ id, startsAt, dated: parsed.ok, matched: false, row: event });
    count("events_management", "new");
    map("events_management", legacyId, "events", id, true);
  }
  return { eventsHere, managedEvents, uniqueSlug };
}
