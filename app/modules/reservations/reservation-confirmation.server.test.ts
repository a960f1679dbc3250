import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, outbox, reservations } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { siteConfig } from "#app/lib/site-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { attachmentIn, decodedBody, SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { createMailTransport, type MailTransport } from "#app/modules/messaging/mail-transport.server";
import { createOutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { getOutboxMessage } from "#app/modules/messaging/outbox.server";
import { noOutboxWake, type OutboxWake } from "#app/modules/messaging/outbox-wake.server";
import { attachmentsFromMeta } from "#app/modules/messaging/email-attachments";
import {
  reservationConfirmation,
  reservationConfirmationKey,
  reservationConfirmationRenderer,
  reservationGoneReason,
} from "./reservation-confirmation.server";
import { reserveSeats } from "./reserve-seats.server";

const publicUrl = "https://harmonia.example";

describe("the reservation's confirmation e-mail", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const now = new Date("2026-06-01T12:00:00Z");

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await SmtpSink.onFreePort();
    await sink.start();
  });
  afterAll(async () => {
    await sink.stop();
    await database.dispose();
  });

  const createEvent = async (title = "Candlelight Piano Meditation") => {
    const [event] = await database.handle.db
      .insert(events)
      .values(
        buildEvent({
          title,
          // 6:30 PM in San Diego on June 19th, 2026 (PDT).
          startsAt: new Date("2026-06-20T01:30:00Z"),
          durationMinutes: 90,
          location: "A private home in La Jolla",
          address: "La Jolla, San Diego, CA",
          maxSeats: 10,
        }),
      )
      .returning();
    return event!;
  };

  const renderers = [reservationConfirmationRenderer({ contributions: { online: false, fixedUrl: siteConfig.donationUrl }, publicUrl, ticketSecret: "a-signing-secret-for-the-confirmation-tests" })];
  /** Sends every due row once, as the server's sender does, through `mail`. */
  const deliverAll = async (mail: MailTransport) => {
    const sender = createOutboxSender({ db: database.handle.db, transports: { email: mail }, renderers, retryDelaySeconds: 60, concurrency: 5 });
    try {
      await sender.deliverDue();
    } finally {
      await sender.stop();
    }
  };
  const smtp = () => createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
  const mailbox = () => createMailTransport({ from: "Harmonia <hello@harmonia.example>", mailboxUrl: "", log: () => undefined });
  const messageOf = async (reservationId: string) => {
    const [message] = await database.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, reservationConfirmationKey(reservationId)));
    return message!;
  };

  it("is a small row naming the reservation when the seats are reserved, and rendered in full when it is sent", async () => {
    const event = await createEvent();
    const outcome = await reserveSeats(
      database.handle.db,
      { eventId: event.id, name: "Maya Lindqvist", email: "maya@example.com", phone: "", seats: 3 },
      { now, afterReserved: reservationConfirmation(noOutboxWake) },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    // Nothing is rendered inside the reservation's transaction (docs/decisions/020).
    const queued = await messageOf(outcome.reservation.id);
    expect(queued).toMatchObject({
      recipient: "maya@example.com",
      subject: "Reservation confirmed: Candlelight Piano Meditation",
      kind: "reservation-confirmation",
      status: "pending",
      priority: 0,
      bodyText: "",
      bodyHtml: null,
    });
    expect(queued.meta).toEqual({ reservationId: outcome.reservation.id, renderer: "reservation-confirmation" });

    const mail = smtp();
    try {
      await deliverAll(mail);
    } finally {
      mail.close();
    }
    const received = await waitForMail(sink, "maya@example.com");
    expect(received.subject).toBe("Reservation confirmed: Candlelight Piano Meditation");
    const body = decodedBody(received);
    for (const fact of [
      "Hello Maya,",
      "June 19th, 2026",
      "6:30 PM",
      "A private home in La Jolla",
      "La Jolla, San Diego, CA",
      "3 seats",
      // No amount chosen (a reservation made without the form's field): the suggested one per seat.
      "Your contribution: $90 for 3 seats (suggested: $20 to $40 per seat)",
      siteConfig.donationUrl,
      "Add to Google Calendar",
      "https://calendar.google.com/calendar/render?action=TEMPLATE",
      `${publicUrl}/events/${event.slug}`,
    ]) {
      expect(body).toContain(fact);
    }
    const invite = attachmentIn(received, "invite.ics");
    expect(invite.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(invite.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(invite.content).toContain("DTSTART:20260620T013000Z\r\nDTEND:20260620T030000Z\r\n");
    expect(invite.content).toContain(`UID:${event.id}@harmonia.example`);
    expect(invite.content).toContain("SUMMARY:Candlelight Piano Meditation");
    // Sent for real: the row keeps no body and no attachment.
    expect(await messageOf(outcome.reservation.id)).toMatchObject({ status: "sent", bodyText: "", bodyHtml: null });
  });

  it("greets each guest by their own first name, escaped in the HTML, and the dev mailbox keeps what it showed", async () => {
    const event = await createEvent("New Moon Piano Meditation");
    const reserve = async (name: string, email: string) => {
      const outcome = await reserveSeats(
        database.handle.db,
        { eventId: event.id, name, email, phone: "", seats: 2 },
        { now, afterReserved: reservationConfirmation(noOutboxWake) },
      );
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.reservation.id;
    };
    const firstId = await reserve("Ada Lovelace", "ada@example.com");
    const secondId = await reserve("<b>Tom</b>&Jerry Smith", "tom@example.com");
    await deliverAll(mailbox());
    const first = await messageOf(firstId);
    const second = await messageOf(secondId);
    expect(first).toMatchObject({ status: "sent", transport: "mailbox", subject: "Reservation confirmed: New Moon Piano Meditation" });
    expect(first.bodyText).toContain("Hello Ada,");
    expect(second.bodyText).toContain("Hello <b>Tom</b>&Jerry,");
    expect(second.bodyHtml).toContain("Hello &lt;b&gt;Tom&lt;/b&gt;&amp;Jerry,");
    expect(second.bodyHtml).not.toContain("<b>Tom");
    const [invite] = attachmentsFromMeta(first.meta);
    expect(invite).toMatchObject({ filename: "invite.ics", contentType: expect.stringMatching(/^text\/calendar;.*method=PUBLISH/) });
  });

  it("fails with the reason, and sends the rest, when the reservation was deleted before its confirmation went out", async () => {
    const event = await createEvent("Equinox Piano Meditation");
    const reserve = async (email: string) => {
      const outcome = await reserveSeats(
        database.handle.db,
        { eventId: event.id, name: "Guest", email, phone: "", seats: 1 },
        { now, afterReserved: reservationConfirmation(noOutboxWake) },
      );
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.reservation.id;
    };
    const deletedId = await reserve("gone@example.com");
    const keptId = await reserve("kept@example.com");
    await database.handle.db.delete(reservations).where(eq(reservations.id, deletedId));
    const mail = smtp();
    try {
      await deliverAll(mail);
    } finally {
      mail.close();
    }
    expect(await messageOf(deletedId)).toMatchObject({ status: "failed", lastError: reservationGoneReason, sentAt: null });
    expect(await messageOf(keptId)).toMatchObject({ status: "sent" });
    await waitForMail(sink, "kept@example.com");
    expect(sink.received.some((received) => received.to.includes("gone@example.com"))).toBe(false);
  });

  it("wakes the outbox only after the reservation has committed", async () => {
    const event = await createEvent("Sunset Piano Meditation");
    const woken: { id: string; visible: boolean }[] = [];
    // Standing in for the server's sender; reading the row from outside the transaction shows it committed.
    const wake: OutboxWake = async (id) => {
      woken.push({ id, visible: Boolean(await getOutboxMessage(database.handle.db, id)) });
    };
    const outcome = await reserveSeats(
      database.handle.db,
      { eventId: event.id, name: "Daniel", email: "daniel@example.com", phone: "", seats: 1 },
      { now, afterReserved: reservationConfirmation(wake) },
    );
    expect(outcome.ok).toBe(true);
    expect(woken).toHaveLength(1);
    expect(woken[0]!.visible).toBe(true);
  });
});
