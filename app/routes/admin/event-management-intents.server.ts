import type { EventEditorValues } from "#app/components/admin/event-editor";
import type { ManagedEventView } from "#app/components/admin/managed-events-table";
import type { Database } from "#app/lib/db.server";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { siteConfig } from "#app/lib/site-config";
import { duplicateEventValues } from "#app/modules/events";
import { eventFormValues } from "#app/modules/events";
import { eventImageDirectory, withUploadedEventImage } from "#app/modules/events/index.server";
import { archiveEvent, deleteEventForGood, duplicateEvent, publishEvent, restoreEvent, toggleFeatured, unpublishEvent } from "#app/modules/events/index.server";
import type { EventActor, EventOutcome } from "#app/modules/events/index.server";
import { instantToVenueDateTime } from "#app/modules/events";
import { eventListViews, type EventListView, type ManagedEvent, type ManagedEventFilter } from "#app/modules/events/index.server";
import { createEvent, updateEvent } from "#app/modules/events/index.server";
import { eventReservations } from "#app/modules/reservations/index.server";

/** The list's filter: `?show=draft|published|archived|all`; drafts and published ones by default. */
export function filterOf(query: URLSearchParams): ManagedEventFilter {
  const show = query.get("show");
  return { view: eventListViews.includes(show as EventListView) ? (show as EventListView) : "current" };
}

export function toView(event: ManagedEvent): ManagedEventView {
  const timeZone = siteConfig.venue.timeZone;
  return {
    id: event.id,
    title: event.title,
    slug: event.slug,
    image: event.image,
    dateLabel: formatEventDate(event.startsAt, timeZone),
    timeLabel: formatEventTime(event.startsAt, timeZone),
    location: event.location,
    status: event.status,
    featured: event.featured,
    isPast: event.isPast,
    seatsTaken: event.seatsTaken,
    maxSeats: event.maxSeats,
    placement: event.placement,
    reservationCount: event.reservationCount,
  };
}

export function editorValues(event: ManagedEvent): EventEditorValues {
  return {
    id: event.id,
    title: event.title,
    image: event.image,
    ...instantToVenueDateTime(event.startsAt, siteConfig.venue.timeZone),
    description: event.description,
    location: event.location ?? "",
    address: event.address ?? "",
    ticketsLink: event.getTicketsLink ?? "",
    button: event.button ?? "",
    reservations: event.maxSeats !== null,
    maxSeats: event.maxSeats === null ? "" : String(event.maxSeats),
    placement: event.placement ?? "",
    soldOut: event.soldOut,
  };
}

/** The row buttons' intents, each one use case taking the event's id: the lifecycle's moves and the pin. */
const rowActions: Record<string, (db: Database, actor: EventActor, input: { id: string }) => Promise<EventOutcome>> = {
  publish: publishEvent,
  unpublish: unpublishEvent,
  archive: archiveEvent,
  restore: restoreEvent,
  // The event goes with its reservations and waiting list, which the reservations module removes.
  "delete-for-good": (db, actor, input) => deleteEventForGood(db, actor, input, eventReservations),
  "toggle-featured": toggleFeatured,
};

/**
 * Runs the use case a form's intent names; a picture chosen in the form's file field is stored first
 * and becomes the event's image. Null for an intent this page does not know.
 */
export async function runEventIntent(
  db: Database,
  user: EventActor,
  form: Record<string, FormDataEntryValue>,
  uploadsDir: string,
): Promise<EventOutcome | null> {
  const intent = String(form.intent ?? "");
  const id = typeof form.id === "string" ? form.id : "";
  const withImage = intent === "create" || intent === "update" ? await withUploadedEventImage(user, form, { directory: eventImageDirectory(uploadsDir) }) : null;
  if (withImage && !withImage.ok) return withImage;
  if (intent === "create") return createEvent(db, user, eventFormValues(withImage!.form));
  if (intent === "update") return updateEvent(db, user, { ...eventFormValues(withImage!.form), id });
  if (intent === "duplicate") return duplicateEvent(db, user, { ...duplicateEventValues(form), id });
  if (rowActions[intent]) return rowActions[intent](db, user, { id });
  return null;
}
