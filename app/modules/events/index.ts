// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { duplicateEventSchema, duplicateEventValues, suggestedDuplicateDate } from "./duplicate-event-form";
export { CALENDAR_CONTENT_TYPE, CALENDAR_FILE_NAME, eventCalendarFile, eventPageUrl, googleCalendarUrl } from "./event-calendar";
export { DEFAULT_RESERVE_LABEL, disabledLabel } from "./event-card-action";
export { chosenReservations, DEFAULT_MAX_SEATS, eventEditorSchema, eventFormSchema, eventFormValues } from "./event-form";
export { chosenImage, EVENT_IMAGES, IMAGE_HINT, imageNotFoundText } from "./event-images";
export { eventFailures, eventStatusLabels } from "./event-management-messages";
export { isMarkedPast, isPastEvent, isUpcomingEvent, type PastEventFacts } from "./event-past";
export { slugForEvent } from "./event-slug";
export { instantToVenueDateTime, venueDateTimeToInstant } from "./event-venue-time";
export { type EventView } from "./event-view";
export { maxSeatsSchema } from "./seat-limit-form";
export { eventImageFieldText, MAX_EVENT_IMAGE_BYTES, MIN_EVENT_IMAGE_SIZE, parseEventImageFileName, responsiveEventImage, shareableEventImage, uploadedImageHash } from "./uploaded-event-image";
export { mapsSearchUrl } from "./venue-map";
