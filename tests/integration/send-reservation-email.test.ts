import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attachmentIn, linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * POST /api/sendReservationEmail over HTTP against the production build, with the demo calendar
 * (Maya Lindqvist holds 2 seats and Daniel Okafor 3 at 'Candlelight Piano Meditation') and the
 * confirmation arriving over real SMTP.
 */
describe("POST /api/sendReservationEmail", () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "true" }));
  });
  afterAll(() => stopServerWithMail(server, sink));

  const maya = {
    visitorName: "Maya Lindqvist",
    visitorEmail: "maya.lindqvist@example.com",
    eventName: "Candlelight Piano Meditation",
    eventDate: "August 15th, 2025",
    seats: 2,
    donation: null,
    eventLocation: "A private home in La Jolla",
    eventAddress: "La Jolla, San Diego, CA",
    eventTime: "6:30 PM",
  };
  const post = (body: unknown, init: RequestInit = {}) =>
    fetch(`${server.url}/api/sendReservationEmail`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    });
  const mailsTo = (address: string) => sink.received.filter((mail) => mail.to.includes(address));

  it("confirms a matching reservation once, with its .ics, however often it is asked", async () => {
    const first = await post(maya);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ sent: true });

    const mail = await waitForMail(sink, maya.visitorEmail);
    expect(mail.subject).toBe("Reservation confirmed: Candlelight Piano Meditation");
    expect(linkIn(mail, "calendar.google.com")).toContain("action=TEMPLATE");
    expect(linkIn(mail, "/events/candlelight-piano-meditation-")).toMatch(/^http:\/\/localhost:\d+\/events\//);
    const invite = attachmentIn(mail, "invite.ics");
    expect(invite.contentType).toMatch(/^text\/calendar;/);
    expect(invite.content).toContain("SUMMARY:Candlelight Piano Meditation");

    // The address in another case and the seats as text still match; the answer stays the same.
    const again = await post({ ...maya, visitorEmail: "Maya.Lindqvist@EXAMPLE.com", seats: "2" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ sent: true });

    // Another guest's confirmation, sent after the repeat, arrives; Maya still has only her first.
    const daniel = await post({ ...maya, visitorName: "Daniel Okafor", visitorEmail: "daniel.okafor@example.com", seats: 3 });
    expect(await daniel.json()).toEqual({ sent: true });
    await waitForMail(sink, "daniel.okafor@example.com");
    expect(mailsTo(maya.visitorEmail)).toHaveLength(1);
  });

  it("answers 404 without sending when nothing matches", async () => {
    for (const body of [
      { ...maya, seats: 5 },
      { ...maya, eventName: "Sunset Piano Meditation at Mt. Soledad" },
      { ...maya, visitorEmail: "stranger@example.com" },
      { ...maya, reservationId: randomUUID() },
    ]) {
      const response = await post(body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "No reservation matches these details." });
    }
    expect(mailsTo("stranger@example.com")).toHaveLength(0);
  });

  it("answers 400 for a body it cannot use", async () => {
    const cases: [unknown, string][] = [
      ["{not json", "The request body must be valid JSON."],
      [[], "The request body must be a JSON object with visitorEmail, eventName and seats."],
      [{ ...maya, visitorEmail: "not-an-address" }, "visitorEmail must be a valid e-mail address."],
      [{ ...maya, seats: 11 }, "seats must be a whole number from 1 to 10."],
      [{ ...maya, eventName: "" }, "eventName must be the event's title (at most 200 characters)."],
      [{ ...maya, reservationId: "42" }, "reservationId must be a reservation's id."],
      [{ ...maya, eventAddress: "x".repeat(301) }, "eventAddress must be text of at most 300 characters."],
      [{ ...maya, visitorName: "x".repeat(20_000) }, "The request body is too large (at most 10 kB)."],
    ];
    for (const [body, error] of cases) {
      const response = await post(body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
  });

  it("answers 405 to other methods", async () => {
    const response = await fetch(`${server.url}/api/sendReservationEmail`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await response.json()).toEqual({ error: "Use POST." });
  });
});
