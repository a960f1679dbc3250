import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { recordActivity } from "~/modules/activity/record-activity.server";
import { events } from "../../../db/schema";
import { eventFailures, eventToasts, withReason } from "./event-management-messages";
import { failure, refuseUnlessManager, type EventActor, type EventOutcome } from "./event-management.server";

/**
 * The events' display order is one sequence 1..n over every event, drafts and deleted ones
 * included (docs/decisions/021). Every write that changes it first takes one transaction-level
 * advisory lock, so two staff moving, creating or duplicating at once queue instead of both
 * reading the same neighbours; whoever holds it renumbers any gap before acting.
 */
const EVENT_ORDERING_LOCK = 4_201_921;

export async function lockEventOrdering(tx: Database): Promise<void> {
  await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${EVENT_ORDERING_LOCK})`));
}

/** Closes gaps and breaks ties (older order, then start time) so the order reads 1..n again. */
export async function renumberEvents(tx: Database): Promise<void> {
  await tx.execute(sql`
    UPDATE "events" SET "display_order" = "ranked"."position"
    FROM (SELECT "id", row_number() OVER (ORDER BY "display_order", "starts_at", "id") AS "position" FROM "events") AS "ranked"
    WHERE "events"."id" = "ranked"."id" AND "events"."display_order" <> "ranked"."position"`);
}

/** The position a new event takes: after every other one (the end of the list). */
export async function nextDisplayOrder(tx: Database): Promise<number> {
  const [row] = await tx.select({ last: sql<number | null>`max(${events.displayOrder})` }).from(events);
  return Number(row?.last ?? 0) + 1;
}

export type MoveDirection = "up" | "down";

export function moveEventUp(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, "up");
}

export function moveEventDown(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, "down");
}

/** Swaps an event with its neighbour; the first cannot move up, the last cannot move down. */
async function moveEvent(db: Database, actor: EventActor, id: string, direction: MoveDirection): Promise<EventOutcome<{ position: number }>> {
  const failed = direction === "up" ? eventFailures.moveUp : eventFailures.moveDown;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    await lockEventOrdering(tx);
    await renumberEvents(tx);
    const ordered = await tx.select({ id: events.id, title: events.title }).from(events).orderBy(asc(events.displayOrder));
    const index = ordered.findIndex((event) => event.id === id);
    if (index < 0) return failure("not-found", withReason(failed, "the event no longer exists"));
    const target = direction === "up" ? index - 1 : index + 1;
    const neighbour = ordered[target];
    if (!neighbour) return failure("conflict", withReason(failed, direction === "up" ? "it is already first" : "it is already last"));
    await tx.update(events).set({ displayOrder: target + 1 }).where(eq(events.id, id));
    await tx.update(events).set({ displayOrder: index + 1 }).where(eq(events.id, neighbour.id));
    await recordActivity(tx, actor, {
      kind: "event.moved",
      subjectType: "event",
      subjectId: id,
      subjectLabel: ordered[index]!.title,
      before: { position: index + 1 },
      after: { position: target + 1 },
    });
    return { ok: true as const, message: direction === "up" ? eventToasts.movedUp : eventToasts.movedDown, position: target + 1 };
  });
}
