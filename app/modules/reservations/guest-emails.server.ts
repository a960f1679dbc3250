import { inArray } from "drizzle-orm";
import { createElement } from "react";
import { reservations, waitlistEntries, type EventRow, type OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { CALENDAR_CONTENT_TYPE, CALENDAR_FILE_NAME, eventCalendarFile, eventPageUrl } from "#app/modules/events";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { mapsSearchUrl } from "#app/modules/events";
import { findEventsByIds } from "#app/modules/events/index.server";
import type { DeliveryRenderer, RenderOutcome } from "#app/modules/messaging/index.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import { type EmailAttachment, GuestNoticeEmail, type GuestNoticeProps } from "#app/modules/messaging";
import { CANCELLATION_RENDERER } from "./cancel-reservation.server";
import { cancelLinks } from "./cancel-links.server";
import { guestLinkPaths, mintGuestTokens } from "./guest-tokens.server";
import { JOINED_RENDERER } from "./waiting-list/join-waiting-list.server";
import { isReminderKind, REMINDER_RENDERER } from "./reminders.server";
import { OFFER_RENDERER, placeInLine } from "./waiting-list/waiting-list.server";
import { withTheirEvents } from "./with-events.server";
import { contributionLinks } from "./contribution-links.server";
import { guestContributions } from "./contributions.server";
import type { ConfirmationContributions } from "./reservation-confirmation.server";
import { formatDollars } from "#app/modules/payments";
import { TICKET_EMAIL_IMAGE_PX, ticketForEmail } from "./tickets/ticket-image.server";

/**
 * The renderers of the guests' e-mails besides the confirmation: cancellation, waiting-list place,
 * offer and reminders (docs/decisions/020: small rows, rendered when sent). Each mints the links
 * its e-mail carries at that moment, so a token is in clear only in the e-mail.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idsOf = (messages: OutboxMessage[], key: string) => [...new Set(messages.map((message) => message.meta[key] ?? "").filter((id) => UUID.test(id)))];
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";
const seatsLabel = (seats: number) => `${seats} ${seats === 1 ? "seat" : "seats"}`;

function when(event: EventRow) {
  const timeZone = siteConfig.venue.timeZone;
  return { date: formatEventDate(event.startsAt, timeZone), time: formatEventTime(event.startsAt, timeZone) };
}

function eventDetails(event: EventRow, seats?: number): GuestNoticeProps["details"] {
  const { date, time } = when(event);
  return [
    ["Event", event.title],
    ["Date", date],
    ["Time", time],
    ["Location", event.location],
    ["Address", event.address],
    ["Seats", seats === undefined ? null : seatsLabel(seats)],
  ];
}

/** `attachments`: the event's .ics, and the ticket's QR code when the e-mail shows the ticket. */
async function render(subject: string, props: GuestNoticeProps, attachments?: { event: EventRow; publicUrl: string; ticket?: EmailAttachment }) {
  const { html, text } = await renderEmail(createElement(GuestNoticeEmail, props));
  return {
    rendered: {
      subject,
      html,
      text,
      attachments: attachments
        ? [
            { filename: CALENDAR_FILE_NAME, content: eventCalendarFile(attachments.event, { publicUrl: attachments.publicUrl }), contentType: CALENDAR_CONTENT_TYPE },
            ...(attachments.ticket ? [attachments.ticket] : []),
          ]
        : undefined,
    },
  } satisfies RenderOutcome;
}

function eventsById(db: Database, ids: string[]) {
  return findEventsByIds(db, ids);
}

export function cancellationRenderer(options: { publicUrl: string }): DeliveryRenderer {
  return {
    name: CANCELLATION_RENDERER,
    async render(db, messages) {
      const byEvent = await eventsById(db, idsOf(messages, "eventId"));
      const kept = idsOf(messages, "reservationId");
      const still = kept.length ? await db.select().from(reservations).where(inArray(reservations.id, kept)) : [];
      const links = await cancelLinks(db, still.flatMap((reservation) => {
        const event = byEvent.get(reservation.eventId);
        return event ? [{ reservation, event }] : [];
      }), options.publicUrl);
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        const event = byEvent.get(message.meta.eventId ?? "");
        if (!event) continue;
        const cancelled = Number(message.meta.seatsCancelled);
        const left = Number(message.meta.seatsLeft);
        const cancelUrl = links.get(message.meta.reservationId ?? "");
        const refundCents = Number(message.meta.refundCents ?? 0);
        const keptCents = Number(message.meta.keptCents ?? 0);
        const refundLine =
          refundCents > 0
            ? `Your contribution of ${formatDollars(refundCents)} is being refunded to your card; it usually shows within 5 to 10 days.`
            : keptCents > 0
              ? `Your contribution of ${formatDollars(keptCents)} is kept, as the refund rule says. To ask the organisers about it, reply through the contact page on our site.`
              : undefined;
        outcomes.set(
          message.id,
          await render(left === 0 ? `Reservation cancelled: ${event.title}` : `Reservation changed: ${event.title}`, {
            preview: `${seatsLabel(cancelled)} cancelled for ${event.title}`,
            firstName: firstName(message.meta.name ?? ""),
            paragraphs: (
              left === 0
                ? [`Your reservation for ${event.title} is cancelled: ${seatsLabel(cancelled)} went back to the guest list. We hope to see you another time.`]
                : [`You gave back ${seatsLabel(cancelled)} for ${event.title}. ${seatsLabel(left)} ${left === 1 ? "is" : "are"} still reserved for you.`]
            ).concat(refundLine ? [refundLine] : []),
            details: eventDetails(event, left || undefined),
            action: left === 0 ? { label: "See upcoming events", url: `${options.publicUrl}/events` } : undefined,
            links: cancelUrl && left > 0 ? [{ label: "Cancel more seats", url: cancelUrl }] : undefined,
            publicUrl: options.publicUrl,
          }),
        );
      }
      return outcomes;
    },
  };
}

async function entriesWithEvents(db: Database, messages: OutboxMessage[]) {
  const ids = idsOf(messages, "waitlistEntryId");
  const entries = ids.length ? await db.select().from(waitlistEntries).where(inArray(waitlistEntries.id, ids)) : [];
  const rows = (await withTheirEvents(db, entries)).map(({ row, event }) => ({ entry: row, event }));
  return new Map(rows.map((row) => [row.entry.id, row]));
}

export function waitingListJoinedRenderer(options: { publicUrl: string }): DeliveryRenderer {
  return {
    name: JOINED_RENDERER,
    async render(db, messages) {
      const rows = [...(await entriesWithEvents(db, messages)).values()].filter((row) => row.entry.status === "waiting");
      const tokens = await mintGuestTokens(db, rows.map((row) => ({ purpose: "waiting-list-entry", waitlistEntryId: row.entry.id, expiresAt: row.event.startsAt })));
      const outcomes = new Map<string, RenderOutcome>();
      for (const [index, { entry, event }] of rows.entries()) {
        const message = messages.find((candidate) => candidate.meta.waitlistEntryId === entry.id)!;
        const place = await placeInLine(db, entry);
        outcomes.set(
          message.id,
          await render(`You are on the waiting list: ${event.title}`, {
            preview: `Number ${place} on the waiting list for ${event.title}`,
            firstName: firstName(entry.name),
            paragraphs: [
              `${event.title} is full, and you are on its waiting list for ${seatsLabel(entry.seats)}: number ${place} in line.`,
              `When seats free up we e-mail you an offer and hold them for you for a while. Your link below shows your place, and lets you leave the list.`,
            ],
            details: eventDetails(event, entry.seats),
            action: { label: "See my place", url: `${options.publicUrl}${guestLinkPaths.waitingListEntry(tokens[index]!)}` },
            publicUrl: options.publicUrl,
          }),
        );
      }
      return outcomes;
    },
  };
}

export function waitingListOfferRenderer(options: { publicUrl: string }): DeliveryRenderer {
  return {
    name: OFFER_RENDERER,
    async render(db, messages) {
      const rows = [...(await entriesWithEvents(db, messages)).values()].filter((row) => row.entry.status === "offered" && row.entry.offerExpiresAt);
      const tokens = await mintGuestTokens(db, rows.map((row) => ({ purpose: "claim-offer", waitlistEntryId: row.entry.id, expiresAt: row.entry.offerExpiresAt! })));
      const timeZone = siteConfig.venue.timeZone;
      const outcomes = new Map<string, RenderOutcome>();
      for (const [index, { entry, event }] of rows.entries()) {
        const message = messages.find((candidate) => candidate.meta.waitlistEntryId === entry.id)!;
        const until = `${formatEventDate(entry.offerExpiresAt!, timeZone)} at ${formatEventTime(entry.offerExpiresAt!, timeZone)}`;
        outcomes.set(
          message.id,
          await render(`Seats for you: ${event.title}`, {
            preview: `${seatsLabel(entry.seats)} are held for you until ${until}`,
            firstName: firstName(entry.name),
            paragraphs: [
              `Good news: ${seatsLabel(entry.seats)} for ${event.title} ${entry.seats === 1 ? "has" : "have"} freed up, and we are holding ${entry.seats === 1 ? "it" : "them"} for you until ${until}.`,
              "Claim them with the button below. If you cannot come, the same page lets you pass them on to the next guest in line.",
            ],
            details: eventDetails(event, entry.seats),
            action: { label: "Claim my seats", url: `${options.publicUrl}${guestLinkPaths.claimOffer(tokens[index]!)}` },
            publicUrl: options.publicUrl,
          }),
        );
      }
      return outcomes;
    },
  };
}

/** What the guests' e-mails need from the composition root; the signing secret signs the reminders' ticket codes. */
export interface GuestEmailOptions {
  publicUrl: string;
  contributions?: ConfirmationContributions;
  ticketSecret: string;
}

export function reminderRenderer(options: GuestEmailOptions): DeliveryRenderer {
  return {
    name: REMINDER_RENDERER,
    async render(db, messages) {
      const ids = idsOf(messages, "reservationId");
      const found = (await withTheirEvents(db, ids.length ? await db.select().from(reservations).where(inArray(reservations.id, ids)) : [])).map(({ row, event }) => ({
        reservation: row,
        event,
      }));
      const now = new Date();
      // A reminder that waited too long, or whose event switched reminders off, is not sent.
      const live = found.filter((row) => row.event.remindersEnabled && row.event.startsAt.getTime() > now.getTime());
      const links = await cancelLinks(db, live, options.publicUrl);
      // An unpaid guest's reminder carries their contribution link; a paid guest's thanks them.
      const contributions = await guestContributions(db, live.map((row) => row.reservation));
      const unpaid = live.filter((row) => contributions.get(row.reservation.id)?.kind !== "paid");
      const paymentUrls = options.contributions?.online ? await contributionLinks(db, unpaid, options.publicUrl) : new Map<string, string>();
      const byId = new Map(live.map((row) => [row.reservation.id, row]));
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        const row = byId.get(message.meta.reservationId ?? "");
        const kind = message.meta.reminder;
        if (!row || !isReminderKind(kind)) continue;
        const { reservation, event } = row;
        const { time } = when(event);
        const ticket = await ticketForEmail(options.ticketSecret, reservation.ticketRef);
        const place = event.address ?? event.location;
        const contribution = contributions.get(reservation.id);
        const paymentUrl = paymentUrls.get(reservation.id) ?? options.contributions?.fixedUrl;
        const contributionLine =
          contribution?.kind === "paid"
            ? "Thank you for your contribution."
            : contribution && paymentUrl
              ? `Your contribution of ${formatDollars(contribution.expectedCents)} is still open: you can pay it through the link below.`
              : undefined;
        outcomes.set(
          message.id,
          await render(kind === "day-before" ? `Tomorrow: ${event.title}` : `Today at ${time}: ${event.title}`, {
            preview: `${event.title} ${kind === "day-before" ? "tomorrow" : "today"} at ${time}`,
            firstName: firstName(reservation.visitorName),
            paragraphs: [
              kind === "day-before"
                ? `A reminder that ${event.title} is tomorrow at ${time}. We are looking forward to seeing you.`
                : `${event.title} is today at ${time}. Arrive a few minutes early to settle in.`,
              ...(contributionLine ? [contributionLine] : []),
            ],
            details: eventDetails(event, reservation.seats),
            ticket: { code: ticket.code, imageSrc: ticket.imageSrc, imageSize: TICKET_EMAIL_IMAGE_PX },
            action: place ? { label: "Directions", url: mapsSearchUrl(place) } : undefined,
            links: [
              { label: "View the event page", url: eventPageUrl(event, options.publicUrl) },
              ...(contribution?.kind !== "paid" && paymentUrl ? [{ label: "Pay my contribution", url: paymentUrl }] : []),
              { label: "Cannot come? Cancel your seats", url: links.get(reservation.id)! },
            ],
            footnote: `The attached ${CALENDAR_FILE_NAME} adds the evening to your calendar.`,
            publicUrl: options.publicUrl,
          }, { event, publicUrl: options.publicUrl, ticket: ticket.attachment }),
        );
      }
      return outcomes;
    },
  };
}

/** Every renderer of this module, for the composition root. */
export function reservationRenderers(options: GuestEmailOptions): DeliveryRenderer[] {
  return [cancellationRenderer(options), waitingListJoinedRenderer(options), waitingListOfferRenderer(options), reminderRenderer(options)];
}
