import { count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import type { ActivityKind } from "~/modules/activity/activity-kinds";
import { recordActivity, type StaffActor } from "~/modules/activity/record-activity.server";
import { events, reservations, waitlistEntries, type EventRow } from "../../../db/schema";
import { eventFailures, eventToasts, withReason } from "./event-management-messages";
import { failure, isEventId, loggedFields, refuseUnlessManager, type EventActor, type EventFailure, type EventOutcome } from "./event-management.server";
import { lockEventOrdering, renumberEvents } from "./event-ordering.server";
import { slugForEvent } from "./event-slug";

/** The event locked for this transaction, or the action's not-found failure. */
async function lockedEvent(tx: Database, id: string, failed: string): Promise<EventRow | EventFailure> {
  const [event] = isEventId(id) ? await tx.select().from(events).where(eq(events.id, id)).for("update") : [];
  return event ?? failure("not-found", withReason(failed, "the event no longer exists"));
}

const isFailure = (value: EventRow | EventFailure): value is EventFailure => "ok" in value;

/** One flag flipped (or set) on one event, logged before → after. */
async function changeEvent<Field extends "featured" | "status" | "isActive">(
  db: Database,
  actor: EventActor,
  id: string,
  spec: {
    field: Field;
    failed: string;
    succeeded: string;
    kind: ActivityKind;
    next: (event: EventRow) => EventRow[Field] | EventFailure;
  },
): Promise<EventOutcome<{ event: EventRow }>> {
  const refused = refuseUnlessManager(actor, spec.failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const before = await lockedEvent(tx, id, spec.failed);
    if (isFailure(before)) return before;
    const next = spec.next(before);
    if (typeof next === "object" && next !== null && "ok" in next) return next;
    const [after] = await tx
      .update(events)
      .set({ [spec.field]: next, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    await recordActivity(tx, actor, {
      kind: spec.kind,
      subjectType: "event",
      subjectId: id,
      subjectLabel: before.title,
      before: { [spec.field]: before[spec.field] },
      after: { [spec.field]: next },
    });
    return { ok: true as const, message: spec.succeeded, event: after! };
  });
}

export function toggleFeatured(db: Database, actor: EventActor, input: { id: string }) {
  return changeEvent(db, actor, input.id, {
    field: "featured",
    failed: eventFailures.featured,
    succeeded: eventToasts.featured,
    kind: "event.featured-changed",
    next: (event) => !event.featured,
  });
}

/** Draft ↔ published. */
export function toggleStatus(db: Database, actor: EventActor, input: { id: string }) {
  return changeEvent(db, actor, input.id, {
    field: "status",
    failed: eventFailures.status,
    succeeded: eventToasts.status,
    kind: "event.status-changed",
    next: (event) => (event.status === "draft" ? "published" : "draft"),
  });
}

/** The spec's 'delete': the event goes inactive, leaves every public page, and keeps its reservations. */
export function hideEvent(db: Database, actor: EventActor, input: { id: string }) {
  return changeEvent(db, actor, input.id, {
    field: "isActive",
    failed: eventFailures.hide,
    succeeded: eventToasts.hidden,
    kind: "event.hidden",
    next: (event) => (event.isActive ? false : failure("conflict", withReason(eventFailures.hide, "it is already deleted"))),
  });
}

export function restoreEvent(db: Database, actor: EventActor, input: { id: string }) {
  return changeEvent(db, actor, input.id, {
    field: "isActive",
    failed: eventFailures.restore,
    succeeded: eventToasts.restored,
    kind: "event.restored",
    next: (event) => (event.isActive ? failure("conflict", withReason(eventFailures.restore, "it is not deleted")) : true),
  });
}

/**
 * Removes a deleted (inactive) event for good, with its reservations; the list closes the gap.
 * An active event must be deleted (hidden) first, so nothing public vanishes by one click.
 */
export async function deleteEventPermanently(db: Database, actor: EventActor, input: { id: string }): Promise<EventOutcome<{ reservationsDeleted: number }>> {
  const failed = eventFailures.deletePermanently;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    await lockEventOrdering(tx);
    await lockReservationsOfEvent(tx, input.id);
    const event = await lockedEvent(tx, input.id, failed);
    if (isFailure(event)) return event;
    if (event.isActive) return failure("conflict", withReason(failed, "only a deleted (inactive) event can be deleted permanently"));
    const reservationsDeleted = await removeEventWithReservations(tx, actor, event);
    return { ok: true as const, message: eventToasts.deletedPermanently, reservationsDeleted };
  });
}

/**
 * Locks an event's reservations before its row is locked (the order cancellations and the seat
 * triggers take them), among themselves in id order: a DELETE would lock them in the order it finds
 * them, while the outbox sender, minting guest links, locks them in id order (mintGuestTokens).
 * Taken in the same order, the two cannot deadlock.
 */
export async function lockReservationsOfEvent(tx: Database, eventId: string): Promise<void> {
  // No event has another id: nothing to lock (and the caller's lookup answers not found).
  if (!isEventId(eventId)) return;
  await tx.select({ id: reservations.id }).from(reservations).where(eq(reservations.eventId, eventId)).orderBy(reservations.id).for("update");
}

/**
 * Removes a locked event and its reservations for good, keeps the display order 1..n and logs it:
 * the one way an event leaves the database, from the events page or the reservations page. Runs
 * inside the caller's transaction, which holds the ordering lock, the event's reservations
 * (lockReservationsOfEvent) and the event's row.
 */
export async function removeEventWithReservations(tx: Database, actor: StaffActor, event: EventRow): Promise<number> {
  // Its waiting-list entries go with it (foreign key); locked in id order first, like the reservations.
  await tx.select({ id: waitlistEntries.id }).from(waitlistEntries).where(eq(waitlistEntries.eventId, event.id)).orderBy(waitlistEntries.id).for("update");
  const removed = await tx.delete(reservations).where(eq(reservations.eventId, event.id)).returning({ id: reservations.id });
  await tx.delete(events).where(eq(events.id, event.id));
  await renumberEvents(tx);
  await recordActivity(tx, actor, {
    kind: "event.deleted-permanently",
    subjectType: "event",
    subjectId: event.id,
    subjectLabel: event.title,
    before: { ...loggedFields(event), reservations: removed.length },
  });
  return removed.length;
}

/** How many reservations a permanent delete would take with it (for the warning). */
export async function reservationCount(db: Database, eventId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reservations).where(eq(reservations.eventId, eventId));
  return row?.total ?? 0;
}

/**
 * A copy directly below the original, as an inactive draft with no reservations, featuring or
 * placement; its title says it is a copy (the slug must differ from the original's).
 */
export async function duplicateEvent(db: Database, actor: EventActor, input: { id: string }): Promise<EventOutcome<{ event: EventRow }>> {
  const failed = eventFailures.duplicate;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    await lockEventOrdering(tx);
    await renumberEvents(tx);
    const original = await lockedEvent(tx, input.id, failed);
    if (isFailure(original)) return original;
    const title = await freeCopyTitle(tx, original);
    await tx
      .update(events)
      .set({ displayOrder: sql`${events.displayOrder} + 1` })
      .where(gt(events.displayOrder, original.displayOrder));
    const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = original;
    const [copy] = await tx
      .insert(events)
      .values({
        ...fields,
        title,
        slug: slugForEvent(title, original.startsAt),
        status: "draft",
        isActive: false,
        featured: false,
        placement: null,
        seatsTaken: 0,
        displayOrder: original.displayOrder + 1,
      })
      .returning();
    await recordActivity(tx, actor, {
      kind: "event.duplicated",
      subjectType: "event",
      subjectId: copy!.id,
      subjectLabel: copy!.title,
      before: { from: original.title, fromId: original.id },
      after: { position: copy!.displayOrder },
    });
    return { ok: true as const, message: eventToasts.duplicated, event: copy! };
  });
}

async function freeCopyTitle(tx: Database, original: EventRow): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const title = `${original.title} (copy${attempt > 1 ? ` ${attempt}` : ""})`;
    const [taken] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slugForEvent(title, original.startsAt)));
    if (!taken) return title;
  }
}
