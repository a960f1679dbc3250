import { createElement } from "react";
import type { EventRow, ReservationRow } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config";
import {
  CALENDAR_CONTENT_TYPE,
  CALENDAR_FILE_NAME,
  eventCalendarFile,
  eventPageUrl,
  googleCalendarUrl,
} from "../events/event-calendar";
import { formatEventDate, formatEventTime } from "../events/event-dates";
import { queueEmail, type QueueResult } from "../messaging/outbox.server";
import { wakeOutbox } from "../messaging/outbox-wake.server";
import { renderEmail } from "../messaging/render-email.server";
import {
  ReservationConfirmationEmail,
  reservationConfirmationSubject,
} from "../messaging/templates/reservation-confirmation";
import type { AfterReserved } from "./reserve-seats.server";

/** The contribution note as the e-mail words it: the payment link is right below it. */
export const confirmationContributionNote = "Suggested contribution: $20 to $40 per seat, paid through the link below.";

/** One confirmation per reservation, whoever asks for it (the reservation itself or the spec's endpoint). */
export const reservationConfirmationKey = (reservationId: string) => `reservation-confirmation:${reservationId}`;

/** Stands for the guest's first name in a rendered confirmation; replaced per reservation. */
const FIRST_NAME_SLOT = "RESERVATION-GUEST-FIRST-NAME";
const MAX_CACHED_RENDERINGS = 200;
const renderings = new Map<string, Promise<{ html: string; text: string }>>();

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/**
 * The confirmation for an event and a number of seats, rendered once and reused: rendering takes
 * milliseconds of CPU and happens while the event's row is locked, which would cap how many
 * reservations an event can take per second. Only the first name differs between guests, and it
 * is filled in afterwards. The key holds every fact the e-mail shows, so an edited event renders anew.
 */
function renderConfirmation(event: EventRow, seats: number, publicUrl: string) {
  const key = JSON.stringify([
    event.id, event.title, event.slug, event.startsAt.getTime(), event.durationMinutes,
    event.location, event.address, event.description, seats, publicUrl,
  ]);
  const cached = renderings.get(key);
  if (cached) return cached;
  const timeZone = siteConfig.venue.timeZone;
  const rendering = renderEmail(
    createElement(ReservationConfirmationEmail, {
      firstName: FIRST_NAME_SLOT,
      eventTitle: event.title,
      dateLabel: formatEventDate(event.startsAt, timeZone),
      timeLabel: formatEventTime(event.startsAt, timeZone),
      location: event.location,
      address: event.address,
      seats,
      contributionNote: confirmationContributionNote,
      paymentUrl: siteConfig.donationUrl,
      googleCalendarUrl: googleCalendarUrl(event, { publicUrl }),
      eventUrl: eventPageUrl(event, publicUrl),
      calendarFileName: CALENDAR_FILE_NAME,
      publicUrl,
    }),
  );
  rendering.catch(() => renderings.delete(key));
  if (renderings.size >= MAX_CACHED_RENDERINGS) renderings.delete(renderings.keys().next().value!);
  renderings.set(key, rendering);
  return rendering;
}

/**
 * Writes the confirmation of a reservation to the outbox (with its .ics invitation). Nothing is
 * sent here; whoever calls it wakes the outbox once the surrounding transaction has committed.
 */
export async function queueReservationConfirmation(
  db: Database,
  reservation: ReservationRow,
  event: EventRow,
  options: { publicUrl: string },
): Promise<QueueResult> {
  const rendered = await renderConfirmation(event, reservation.seats, options.publicUrl);
  const firstName = reservation.visitorName.trim().split(/\s+/)[0] ?? "";
  // Replacer functions: a replacement string would expand `$&`, `$'` and `` $` `` in a guest's name.
  const html = rendered.html.replaceAll(FIRST_NAME_SLOT, () => escapeHtml(firstName));
  const text = rendered.text.replaceAll(FIRST_NAME_SLOT, () => firstName);
  return queueEmail(db, {
    kind: "reservation-confirmation",
    to: reservation.visitorEmail,
    subject: reservationConfirmationSubject(event.title),
    html,
    text,
    idempotencyKey: reservationConfirmationKey(reservation.id),
    attachments: [
      { filename: CALENDAR_FILE_NAME, content: eventCalendarFile(event, options), contentType: CALENDAR_CONTENT_TYPE },
    ],
  });
}

/**
 * The reservation's own confirmation: queued inside the reservation's transaction (so it exists
 * exactly when the seats do), and the outbox woken once that transaction has committed.
 */
export function reservationConfirmation(publicUrl: string): AfterReserved {
  return async (tx, reservation, event) => {
    const queued = await queueReservationConfirmation(tx, reservation, event, { publicUrl });
    return queued.created ? () => wakeOutbox(queued.id) : undefined;
  };
}
