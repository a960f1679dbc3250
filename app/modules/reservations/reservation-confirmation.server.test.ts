import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, outbox } from "../../../db/schema";
import { buildEvent } from "~/modules/demo/factories/events";
import { siteConfig } from "~/lib/site-config";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { attachmentIn, SmtpSink, waitForMail } from "../../../tests/support/smtp-sink";
import { deliverOutboxMessage } from "../messaging/deliver-outbox-message.server";
import { createMailTransport } from "../messaging/mail-transport.server";
import { getOutboxMessage } from "../messaging/outbox.server";
import { registerOutboxWake } from "../messaging/outbox-wake.server";
import { attachmentsFromMeta } from "../messaging/email-attachments";
import { reservationConfirmation, reservationConfirmationKey } from "./reservation-confirmation.server";
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
  afterEach(() => registerOutboxWake(undefined));
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

  it("is in the outbox with the event's details and its .ics once the seats are reserved", async () => {
    const event = await createEvent();
    const outcome = await reserveSeats(
      database.handle.db,
      { eventId: event.id, name: "Maya Lindqvist", email: "maya@example.com", phone: "", seats: 3 },
      { now, afterReserved: reservationConfirmation(publicUrl) },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const [message] = await database.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, reservationConfirmationKey(outcome.reservation.id)));
    expect(message).toMatchObject({ recipient: "maya@example.com", subject: "Reservation confirmed: Candlelight Piano Meditation" });
    for (const fact of [
      "Hello Maya,",
      "June 19th, 2026",
      "6:30 PM",
      "A private home in La Jolla",
      "La Jolla, San Diego, CA",
      "3 seats",
      "Suggested contribution: $20 to $40 per seat",
      siteConfig.donationUrl,
      "Add to Google Calendar",
      "https://calendar.google.com/calendar/render?action=TEMPLATE",
      `${publicUrl}/events/${event.slug}`,
    ]) {
      expect(message!.bodyText).toContain(fact);
    }
    const [invite] = attachmentsFromMeta(message!.meta);
    expect(invite).toMatchObject({ filename: "invite.ics", contentType: expect.stringMatching(/^text\/calendar;.*method=PUBLISH/) });
    expect(invite!.content).toContain("DTSTART:20260620T013000Z\r\nDTEND:20260620T030000Z\r\n");
  });

  it("greets each guest by their own first name, escaped in the HTML", async () => {
    const event = await createEvent("New Moon Piano Meditation");
    const reserve = (name: string, email: string) =>
      reserveSeats(database.handle.db, { eventId: event.id, name, email, phone: "", seats: 2 }, { now, afterReserved: reservationConfirmation(publicUrl) });
    const messageFor = async (outcome: Awaited<ReturnType<typeof reserve>>) => {
      if (!outcome.ok) throw new Error(outcome.message);
      const [message] = await database.handle.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, reservationConfirmationKey(outcome.reservation.id)));
      return message!;
    };
    const first = await messageFor(await reserve("Ada Lovelace", "ada@example.com"));
    const second = await messageFor(await reserve("<b>Tom</b>&Jerry Smith", "tom@example.com"));
    expect(first.bodyText).toContain("Hello Ada,");
    expect(second.bodyText).toContain("Hello <b>Tom</b>&Jerry,");
    expect(second.bodyHtml).toContain("Hello &lt;b&gt;Tom&lt;/b&gt;&amp;Jerry,");
    expect(second.bodyHtml).not.toContain("<b>Tom");
  });

  it("wakes the outbox only after the reservation has committed", async () => {
    const event = await createEvent("Sunset Piano Meditation");
    const woken: { id: string; visible: boolean }[] = [];
    // The server's worker registers here; reading the row from outside the transaction shows it committed.
    registerOutboxWake(async (id) => {
      woken.push({ id, visible: Boolean(await getOutboxMessage(database.handle.db, id)) });
    });
    const outcome = await reserveSeats(
      database.handle.db,
      { eventId: event.id, name: "Daniel", email: "daniel@example.com", phone: "", seats: 1 },
      { now, afterReserved: reservationConfirmation(publicUrl) },
    );
    expect(outcome.ok).toBe(true);
    expect(woken).toHaveLength(1);
    expect(woken[0]!.visible).toBe(true);
  });

  it("goes out over SMTP with the invitation as a text/calendar part", async () => {
    const event = await createEvent("Full Moon Piano Meditation");
    let queued: string | undefined;
    registerOutboxWake(async (id) => {
      queued = id;
    });
    await reserveSeats(
      database.handle.db,
      { eventId: event.id, name: "Sofia Brennan", email: "sofia@example.com", phone: "", seats: 2 },
      { now, afterReserved: reservationConfirmation(publicUrl) },
    );
    const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
    try {
      expect(await deliverOutboxMessage({ db: database.handle.db, id: queued!, transports: { email: mail }, retryDelaySeconds: 1 })).toBe("sent");
    } finally {
      mail.close();
    }
    const received = await waitForMail(sink, "sofia@example.com");
    const invite = attachmentIn(received, "invite.ics");
    expect(invite.contentType).toMatch(/^text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(invite.content).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(invite.content).toContain(`UID:${event.id}@harmonia.example`);
    expect(invite.content).toContain("SUMMARY:Full Moon Piano Meditation");
  });
});
