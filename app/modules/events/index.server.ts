// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { eventImageDirectory, storeEventImage, withUploadedEventImage } from "./event-image-upload.server";
export { archiveEvent, deleteEventForGood, duplicateEvent, lockReservationsOfEvent, publishEvent, removeEventWithReservations, restoreEvent, toggleFeatured, unpublishEvent } from "./event-lifecycle.server";
export { type EventActor, type EventOutcome } from "./event-management.server";
export { loadEventPage } from "./event-page.server";
export { eventColumnsOf, markedPastSql, pastEventSql, type PastEventColumns, upcomingEventSql } from "./event-past.server";
export { listPublicEventViews } from "./list-event-views.server";
export { findPublicEventBySlug, listPublicEvents, toEventView } from "./list-events.server";
export { type EventListView, eventListViews, type EventStats, loadEventManagement, type ManagedEvent, type ManagedEventFilter } from "./list-managed-events.server";
export { createEvent, updateEvent } from "./save-event.server";
export { loadReservePageEvents, loadVipEvent, type ReservePageEvents } from "./special-events.server";
export { type EventsSummary, summariseEvents } from "./summarise-events.server";
export { addEventIfNew, bulkInsertEvents, type EventBulkRow, eventIdsPresent, eventTitlesPresent, listEventSeats, setEventSeatLimits } from "./bulk-load.server";
