import type { Database } from "#app/lib/db.server";
import type { StaffActor } from "#app/modules/activity/index.server";
import { can } from "#app/modules/access";
import type { Role } from "#app/modules/access";
import type { EventRow } from "#db/schema";

/**
 * What the event management use cases share: who acts, what they answer, and the event's fields
 * as the activity log shows them.
 */
export type EventActor = StaffActor & { role: Role };

export type EventFailureReason = "forbidden" | "not-found" | "invalid" | "conflict" | "unavailable";

export type EventOutcome<Extra extends object = object> =
  | ({ ok: true; message: string } & Extra)
  | { ok: false; reason: EventFailureReason; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export type EventFailure = Extract<EventOutcome, { ok: false }>;

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a posted id can be an event's (a UUID): anything else (a NUL, a typo) names no event,
 * and is answered as one that no longer exists instead of reaching PostgreSQL, which refuses it.
 */
export function isEventId(id: string): boolean {
  return EVENT_ID.test(id);
}

export function failure(reason: EventFailureReason, message: string, extra: Partial<EventFailure> = {}): EventFailure {
  return { ok: false, reason, message, ...extra };
}

/** Staff without the right get a failure, whoever called: the use case owns its role check. */
export function refuseUnlessManager(actor: EventActor, failed: string): EventFailure | null {
  return can(actor, "manage-events") ? null : failure("forbidden", `${failed}: you may not manage events`);
}

/** The fields an edit can change, as the activity log records them. */
export function loggedFields(event: EventRow) {
  return {
    title: event.title,
    slug: event.slug,
    startsAt: event.startsAt.toISOString(),
    description: event.description,
    image: event.image,
    location: event.location,
    address: event.address,
    getTicketsLink: event.getTicketsLink,
    button: event.button,
    maxSeats: event.maxSeats,
    placement: event.placement,
    soldOut: event.soldOut,
  };
}

/** The PostgreSQL error code Drizzle wraps (on `cause`), or undefined. */
export function databaseErrorCode(error: unknown): string | undefined {
  const cause = typeof error === "object" && error !== null ? (error as { cause?: { code?: unknown }; code?: unknown }) : undefined;
  const code = cause?.cause?.code ?? cause?.code;
  return typeof code === "string" ? code : undefined;
}

export type { Database };
