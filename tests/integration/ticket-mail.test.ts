import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, reservations } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { siteConfig } from "#app/lib/site-config";
import { createMailTransport } from "#app/modules/messaging/mail-transport.server";
import { createOutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { reservationConfirmationRenderer } from "#app/modules/reservations/reservation-confirmation.server";
import { reservationConfirmation } from "#app/modules/reservations/reservation-confirmation.server";
import { reminderRenderer } from "#app/modules/reservations/guest-emails.server";
import { queueDueReminders } from "#app/modules/reservations/reminders.server";
import { reserveSeats } from "#app/modules/reservations/reserve-seats.server";
import { groupTicketCode } from "#app/modules/reservations/tickets/ticket-code";
import { readTicketCode, ticketCode } from "#app/modules/reservations/tickets/ticket-code.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { attachmentIn, type ReceivedMail, SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { noSenderWakes } from "#tests/support/no-sender-wakes";

/**
 * The ticket in the confirmation and the reminder as they arrive over real SMTP, against the test
 * database (embedded, or PostgreSQL with DATABASE_URL): the QR code is a PNG in the message's
 * related part, named by the Content-ID the HTML's <img src="cid:…"> asks for (so a client that
 * blocks remote images still shows it), and the code under it is the reservation's signed code.
 */
const HOUR = 60 * 60 * 1000;
const ticketSecret = "a-signing-secret-for-the-ticket-mail-tests-0123456789";
const publicUrl = "https://harmonia.example";

interface MimePart {
  headers: string;
  body: string;
}

/** Every leaf part of a MIME message, its headers unfolded; bodies as sent (base64 or quoted-printable). */
function mimeParts(raw: string): MimePart[] {
  const parts: MimePart[] = [];
  const walk = (entity: string) => {
    const split = entity.search(/\r?\n\r?\n/);
    const headers = (split === -1 ? entity : entity.slice(0, split)).replace(/\r?\n[ \t]+/g, " ");
    const body = split === -1 ? "" : entity.slice(split).replace(/^\r?\n\r?\n/, "");
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (!/^content-type:\s*multipart\//im.test(headers) || !boundary) {
      parts.push({ headers, body });
      return;
    }
    for (const child of body.split(`--${boundary}`).slice(1)) {
      if (child.startsWith("--")) break;
      walk(child.replace(/^\r?\n/, ""));
    }
  };
  walk(raw);
  return parts;
}

const header = (part: MimePart, name: string) => new RegExp(`^${name}:\\s*([^\\r\\n]+)`, "im").exec(part.headers)?.[1]?.trim() ?? "";

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(text.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1").toString("utf8");

const bodyText = (part: MimePart) =>
  /base64/i.test(header(part, "Content-Transfer-Encoding"))
    ? Buffer.from(part.body.replace(/\s+/g, ""), "base64").toString("utf8")
    : /quoted-printable/i.test(header(part, "Content-Transfer-Encoding"))
      ? decodeQuotedPrintable(part.body)
      : part.body;

/** What a mail client would show of the ticket: the image the HTML asks for by cid:, and the code in either part. */
function ticketIn(mail: ReceivedMail) {
  const parts = mimeParts(mail.raw);
  const html = bodyText(parts.find((part) => /^text\/html/i.test(header(part, "Content-Type")))!);
  const text = bodyText(parts.find((part) => /^text\/plain/i.test(header(part, "Content-Type")))!);
  const cid = /<img[^>]+src="cid:([^"]+)"/.exec(html)?.[1];
  if (!cid) throw new Error(`No cid: image in "${mail.subject}"`);
  const image = parts.find((part) => header(part, "Content-ID") === `<${cid}>`);
  if (!image) throw new Error(`No part with Content-ID <${cid}> in "${mail.subject}"`);
  const code = /([0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4})/.exec(text)?.[1];
  return { parts, html, text, cid, image, png: Buffer.from(image.body.replace(/\s+/g, ""), "base64"), code };
}

describe("the ticket in the guest's e-mails", () => {
  let database: TestDatabase;
  let sink: SmtpSink;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await SmtpSink.onFreePort();
    await sink.start();
  });
  afterAll(async () => {
    await sink?.stop();
    await database?.dispose();
  });

  const contributions = { online: false, fixedUrl: siteConfig.donationUrl };
  async function deliverAll() {
    const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
    const sender = createOutboxSender({
      db: database.handle.db,
      transports: { email: mail },
      renderers: [reservationConfirmationRenderer({ publicUrl, contributions, ticketSecret }), reminderRenderer({ publicUrl, contributions, ticketSecret })],
      retryDelaySeconds: 60,
      concurrency: 5,
    });
    try {
      await sender.deliverDue();
    } finally {
      await sender.stop();
      mail.close();
    }
  }

  function expectTicket(mail: ReceivedMail, ticketRef: string) {
    const ticket = ticketIn(mail);
    const code = ticketCode(ticketSecret, ticketRef);
    // The code in the text is the reservation's, grouped, and reads back to its ticket reference.
    expect(ticket.code).toBe(groupTicketCode(code));
    expect(readTicketCode(ticketSecret, ticket.code!)).toBe(ticketRef);
    expect(ticket.text).toContain("Show this code at the door");
    expect(ticket.html).toContain(`alt="Ticket code ${groupTicketCode(code)}"`);
    expect(ticket.html).toContain(groupTicketCode(code));
    // The image: a PNG shown inline, in the part related to the HTML.
    expect(header(ticket.image, "Content-Type")).toMatch(/^image\/png/);
    expect(header(ticket.image, "Content-Disposition")).toMatch(/^inline/);
    expect([...ticket.png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(ticket.png.readUInt32BE(16)).toBeGreaterThanOrEqual(232);
    expect(mail.raw).toMatch(/Content-Type: multipart\/related/i);
    return ticket;
  }

  it("the confirmation and the reminder carry the reservation's QR code inline by cid:, and its code in both parts", async () => {
    const db = database.handle.db;
    const [event] = await db
      .insert(events)
      .values({ ...buildEvent({ title: "Ticketed Piano Evening", startsAt: new Date(Date.now() + 2 * HOUR), maxSeats: 10 }), createdAt: new Date(Date.now() - 240 * HOUR) })
      .returning();
    const outcome = await reserveSeats(
      db,
      { eventId: event!.id, name: "Ada Lovelace", email: "ada.ticket@example.com", phone: "", seats: 2 },
      { afterReserved: reservationConfirmation(noOutboxWake) },
    );
    if (!outcome.ok) throw new Error(outcome.message);
    const [row] = await db.select().from(reservations).where(eq(reservations.id, outcome.reservation.id));

    await deliverAll();
    const confirmation = await waitForMail(sink, "ada.ticket@example.com");
    expect(confirmation.subject).toBe("Reservation confirmed: Ticketed Piano Evening");
    const confirmed = expectTicket(confirmation, row!.ticketRef);
    // The .ics is still attached beside it.
    expect(attachmentIn(confirmation, "invite.ics").content).toContain("SUMMARY:Ticketed Piano Evening");

    // The same-day reminder, for a reservation made long enough ago.
    await db.update(reservations).set({ createdAt: new Date(Date.now() - 48 * HOUR) }).where(eq(reservations.id, row!.id));
    await queueDueReminders(db, noSenderWakes, new Date());
    await deliverAll();
    const reminder = await waitForMail(sink, "ada.ticket@example.com", 1);
    expect(reminder.subject).toMatch(/^Today at .*: Ticketed Piano Evening$/);
    const reminded = expectTicket(reminder, row!.ticketRef);
    expect(reminded.png.equals(confirmed.png)).toBe(true);
  });
});
