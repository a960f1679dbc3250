import { inArray } from "drizzle-orm";
import { createElement } from "react";
import { reservations, type EventRow, type ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import {
  CALENDAR_CONTENT_TYPE,
  CALENDAR_FILE_NAME,
  eventCalendarFile,
  eventPageUrl,
  googleCalendarUrl,
} from "#app/modules/events";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { queueEmailToRender, type QueueResult } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { DeliveryRenderer, RenderedEmail, RenderOutcome } from "#app/modules/messaging/index.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import {
  ReservationConfirmationEmail,
  reservationConfirmationSubject,
} from "#app/modules/messaging";
import { cancelLinks } from "./cancel-links.server";
import { contributionLinks } from "./contribution-links.server";
import { expectedContributionCents } from "./contributions.server";
import { contributionLabel, CONTRIBUTION_MAX_PER_SEAT, CONTRIBUTION_MIN_PER_SEAT } from "#app/modules/payments";
import type { AfterReserved } from "./reserve-seats.server";
import { withTheirEvents } from "./with-events.server";
import { TICKET_EMAIL_IMAGE_PX, TICKET_IMAGE_CID, ticketForEmail } from "./tickets/ticket-image.server";

/** The contribution note as the e-mail words it, with the amount the guest chose: the payment link is right below it. */
export function confirmationContributionNote(reservation: Pick<ReservationRow, "seats" | "donation">): string {
  return `Your contribution: ${contributionLabel(expectedContributionCents(reservation), reservation.seats)} (suggested: $${CONTRIBUTION_MIN_PER_SEAT} to $${CONTRIBUTION_MAX_PER_SEAT} per seat), paid through the link below.`;
}

/** How the confirmation's "Pay your contribution" works: the guest's own contribution page (Stripe), or the one fixed link. */
export interface ConfirmationContributions {
  online: boolean;
  /** CONTRIBUTION_URL: the link every confirmation gives without Stripe. */
  fixedUrl: string;
}

/** One confirmation per reservation, whoever asks for it (the reservation itself or the spec's endpoint). */
export const reservationConfirmationKey = (reservationId: string) => `reservation-confirmation:${reservationId}`;

/** Stands for the guest's first name in a rendered confirmation; replaced per reservation. */
const FIRST_NAME_SLOT = "RESERVATION-GUEST-FIRST-NAME";
/** Stands for the guest's own cancel link; replaced per reservation. */
const CANCEL_URL_SLOT = "https://reservation-guest-cancel-link.invalid/";
/** Stands for the guest's contribution link (or the fixed one); replaced per reservation. */
const PAYMENT_URL_SLOT = "https://reservation-guest-contribution-link.invalid/";
/** Stands for the contribution note with the guest's amount; replaced per reservation. */
const CONTRIBUTION_NOTE_SLOT = "RESERVATION-GUEST-CONTRIBUTION-NOTE";
/** Stands for the guest's ticket code (grouped, in the text and the image's alt); replaced per reservation. */
const TICKET_CODE_SLOT = "RESERVATION-GUEST-TICKET-CODE";
const MAX_CACHED_RENDERINGS = 200;
const renderings = new Map<string, Promise<{ html: string; text: string }>>();

const escapeHtml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

/**
 * The confirmation for an event and a number of seats, rendered once and reused: rendering takes
 * milliseconds of CPU, and a burst of reservations for one event sends a batch of confirmations
 * that differ only in the name. Only the first name differs between guests, and it
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
      contributionNote: CONTRIBUTION_NOTE_SLOT,
      paymentUrl: PAYMENT_URL_SLOT,
      googleCalendarUrl: googleCalendarUrl(event, { publicUrl }),
      eventUrl: eventPageUrl(event, publicUrl),
      calendarFileName: CALENDAR_FILE_NAME,
      cancelUrl: CANCEL_URL_SLOT,
      ticket: { code: TICKET_CODE_SLOT, imageSrc: `cid:${TICKET_IMAGE_CID}`, imageSize: TICKET_EMAIL_IMAGE_PX },
      publicUrl,
    }),
  );
  rendering.catch(() => renderings.delete(key));
  if (renderings.size >= MAX_CACHED_RENDERINGS) renderings.delete(renderings.keys().next().value!);
  renderings.set(key, rendering);
  return rendering;
}

/**
 * The confirmation's content for one reservation: the shared rendering with the guest's first name,
 * own cancel link and ticket code filled in, the ticket's QR code and the .ics attached.
 */
export async function renderReservationConfirmation(
  reservation: ReservationRow,
  event: EventRow,
  options: { publicUrl: string; cancelUrl: string; paymentUrl: string; ticketSecret: string },
): Promise<RenderedEmail> {
  const rendered = await renderConfirmation(event, reservation.seats, options.publicUrl);
  const ticket = await ticketForEmail(options.ticketSecret, reservation.ticketRef);
  const firstName = reservation.visitorName.trim().split(/\s+/)[0] ?? "";
  // Replacer functions: a replacement string would expand `$&`, `$'` and `` $` `` in a guest's name.
  const fill = (body: string, escape: (value: string) => string) =>
    body
      .replaceAll(FIRST_NAME_SLOT, () => escape(firstName))
      .replaceAll(CANCEL_URL_SLOT, () => escape(options.cancelUrl))
      .replaceAll(PAYMENT_URL_SLOT, () => escape(options.paymentUrl))
      .replaceAll(CONTRIBUTION_NOTE_SLOT, () => escape(confirmationContributionNote(reservation)))
      .replaceAll(TICKET_CODE_SLOT, () => ticket.code);
  return {
    subject: reservationConfirmationSubject(event.title),
    html: fill(rendered.html, escapeHtml),
    text: fill(rendered.text, (value) => value),
    attachments: [
      { filename: CALENDAR_FILE_NAME, content: eventCalendarFile(event, options), contentType: CALENDAR_CONTENT_TYPE },
      ticket.attachment,
    ],
  };
}

/** The outbox's name for the renderer of confirmations, and the row's `kind`. */
const CONFIRMATION = "reservation-confirmation";

export const reservationGoneReason = "The reservation no longer exists (deleted before its confirmation was sent)";

/**
 * Writes the confirmation of a reservation to the outbox: a small row naming the reservation,
 * rendered (with its .ics invitation) by the outbox sender when it sends it, so the reservation's
 * transaction does no rendering (docs/decisions/020). Nothing is sent here; whoever calls it wakes
 * the outbox once the surrounding transaction has committed.
 */
export async function queueReservationConfirmation(db: Database, reservation: ReservationRow & { visitorEmail: string }, event: EventRow): Promise<QueueResult> {
  return queueEmailToRender(db, {
    kind: CONFIRMATION,
    to: reservation.visitorEmail,
    subject: reservationConfirmationSubject(event.title),
    idempotencyKey: reservationConfirmationKey(reservation.id),
    renderer: CONFIRMATION,
    refs: { reservationId: reservation.id },
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Renders confirmations when the outbox sender claims them: one query for the batch's
 * reservations and their events, then the content from what they say now. A reservation deleted
 * since is answered as gone, and its message fails with that reason.
 */
export function reservationConfirmationRenderer(options: {
  publicUrl: string;
  contributions: ConfirmationContributions;
  /** The server's signing secret (the auth secret), which signs the ticket codes. */
  ticketSecret: string;
}): DeliveryRenderer {
  return {
    name: CONFIRMATION,
    async render(db, messages) {
      const ids = [...new Set(messages.map((message) => message.meta.reservationId ?? "").filter((id) => UUID.test(id)))];
      const found =
        ids.length === 0
          ? []
          : (await withTheirEvents(db, await db.select().from(reservations).where(inArray(reservations.id, ids)))).map(({ row, event }) => ({ reservation: row, event }));
      const byId = new Map(found.map((row) => [row.reservation.id, row]));
      const cancelUrls = await cancelLinks(db, found, options.publicUrl);
      const paymentUrls = options.contributions.online ? await contributionLinks(db, found, options.publicUrl) : new Map<string, string>();
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        const row = byId.get(message.meta.reservationId ?? "");
        outcomes.set(
          message.id,
          row
            ? {
                rendered: await renderReservationConfirmation(row.reservation, row.event, {
                  publicUrl: options.publicUrl,
                  cancelUrl: cancelUrls.get(row.reservation.id)!,
                  paymentUrl: paymentUrls.get(row.reservation.id) ?? options.contributions.fixedUrl,
                  ticketSecret: options.ticketSecret,
                }),
              }
            : { gone: reservationGoneReason },
        );
      }
      return outcomes;
    },
  };
}

/**
 * The reservation's own confirmation: queued inside the reservation's transaction (so it exists
 * exactly when the seats do), and the outbox woken (`wake`) once that transaction has committed.
 */
export function reservationConfirmation(wake: OutboxWake): AfterReserved {
  return async (tx, reservation, event) => {
    // Every reservation of the public form has an address; only staff add guests without one.
    if (!reservation.visitorEmail) return undefined;
    const queued = await queueReservationConfirmation(tx, { ...reservation, visitorEmail: reservation.visitorEmail }, event);
    return queued.created ? () => wake(queued.id) : undefined;
  };
}
