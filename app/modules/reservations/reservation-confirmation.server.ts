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
  const timeZone = siteConfig.venue.timeZone;
  const { html, text } = await renderEmail(
    createElement(ReservationConfirmationEmail, {
      name: reservation.visitorName,
      eventTitle: event.title,
      dateLabel: formatEventDate(event.startsAt, timeZone),
      timeLabel: formatEventTime(event.startsAt, timeZone),
      location: event.location,
      address: event.address,
      seats: reservation.seats,
      contributionNote: confirmationContributionNote,
      paymentUrl: siteConfig.donationUrl,
      googleCalendarUrl: googleCalendarUrl(event, options),
      eventUrl: eventPageUrl(event, options.publicUrl),
      calendarFileName: CALENDAR_FILE_NAME,
      publicUrl: options.publicUrl,
    }),
  );
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
