// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Uploaded event pictures: checked, stored, put into the form.
export { eventImageDirectory, storeEventImage, withUploadedEventImage } from "./event-image-upload.server";
// Lifecycle moves (publish, unpublish, archive, restore, delete for good with its dependents, duplicate, feature).
export { archiveEvent, deleteEventForGood, duplicateEvent, type EventDependents, publishEvent, removeEventForGood, restoreEvent, toggleFeatured, unpublishEvent } from "./event-lifecycle.server";
// The staff use cases' actor and outcome.
export { type EventActor, type EventOutcome } from "./event-management.server";
// An event's shareable page.
export { loadEventPage } from "./event-page.server";
// The seat door: lookups, the seat counter's conditional takes (in the caller's transaction), max seats, reminders.
export {
  changeSeatsTaken,
  findEvent,
  findEventsByIds,
  findEventsForReminders,
  findEventsTitled,
  freeSeatsOfUpcoming,
  lockEvent,
  setEventMaxSeats,
  setEventReminders,
  takeSeatsIfOpen,
  takeSeatsWithinMax,
  takeSeatsAtTheDoor,
  type WhichEvent,
} from "./event-seats.server";
// The one rule of past, in SQL.
export { eventColumnsOf, markedPastSql, pastEventSql, type PastEventColumns, upcomingEventSql } from "./event-past.server";
// Published events as the site's cards show them.
export { listPublicEventViews } from "./list-event-views.server";
// Published events: the listing, one by slug.
export { findPublicEventBySlug, listPublicEvents, toEventView } from "./list-events.server";
// The events page (staff): its events, filters and counts.
export { type EventListView, eventListViews, type EventStats, loadEventManagement, type ManagedEvent, type ManagedEventFilter } from "./list-managed-events.server";
// Creating and editing an event.
export { createEvent, updateEvent } from "./save-event.server";
// The special pages' events: /reserve and /rsvp, /vip.
export { loadReservePageEvents, loadVipEvent, type ReservePageEvents } from "./special-events.server";
// The dashboard's event summary.
export { type EventsSummary, summariseEvents } from "./summarise-events.server";
// What mailings read of events: one event, titles by id, those taking reservations, those with guests after a moment.
export { type EventForMailing, eventsStartingAfter, eventsTakingReservations, eventTitlesById, findEventForMailing } from "./event-facts-for-campaigns.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { addEventIfNew, bulkInsertEvents, type EventBulkRow, eventIdsPresent, eventTitlesPresent, listEventSeats, setEventSeatLimits } from "./bulk-load.server";
