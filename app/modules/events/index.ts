// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// The duplicate form.
export { duplicateEventSchema, duplicateEventValues, suggestedDuplicateDate } from "./duplicate-event-form";
// Calendar file and links, the event's address.
export { CALENDAR_CONTENT_TYPE, CALENDAR_FILE_NAME, eventCalendarFile, eventPageUrl, googleCalendarUrl } from "./event-calendar";
// The card's button labels.
export { DEFAULT_RESERVE_LABEL, disabledLabel } from "./event-card-action";
// The event form: schema, values, 'Takes reservations on this site'.
export { chosenReservations, DEFAULT_MAX_SEATS, eventEditorSchema, eventFormSchema, eventFormValues } from "./event-form";
// The picker's preset images.
export { chosenImage, EVENT_IMAGES, IMAGE_HINT, imageNotFoundText } from "./event-images";
// Staff texts: failures, status labels.
export { eventFailures, eventStatusLabels } from "./event-management-messages";
// The one rule of past.
export { isMarkedPast, isPastEvent, isUpcomingEvent, type PastEventFacts } from "./event-past";
// An event's slug.
export { slugForEvent } from "./event-slug";
// The venue's clock: instants to typed dates and back.
export { instantToVenueDateTime, venueDateTimeToInstant } from "./event-venue-time";
// An event as pages show it.
export { type EventView } from "./event-view";
// The reservations page's max seats field.
export { maxSeatsSchema } from "./seat-limit-form";
// Uploaded pictures: limits, field words, file names, srcset and share image.
export { eventImageFieldText, MAX_EVENT_IMAGE_BYTES, MIN_EVENT_IMAGE_SIZE, parseEventImageFileName, responsiveEventImage, shareableEventImage, uploadedImageHash } from "./uploaded-event-image";
// The venue's map link.
export { mapsSearchUrl } from "./venue-map";
