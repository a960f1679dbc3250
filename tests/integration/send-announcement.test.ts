import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, headerOf, type SmtpSink } from "#tests/support/smtp-sink";
import { createPublishedEvent } from "#tests/support/staff-events";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * POST /api/sendAnnouncement: the spec's two payloads ({ subject, to, html } and { eventId,
 * subject, html }), who may use which (admins both; event staff only an event's guests), 400 on
 * bad input, 401/403, bearer tokens, and every holder receiving the e-mail once over SMTP.
 */
describe("POST /api/sendAnnouncement", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `ann-admin-${stamp}@example.com`;
  const usher = `ann-usher-${stamp}@example.com`;
  const member = `ann-member-${stamp}@example.com`;
  const cookies: Record<"admin" | "usher" | "member", string> = { admin: "", usher: "", member: "" };
  const bearer = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!);

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: usher,
      RATE_LIMIT_MULTIPLIER: "50",
      OUTBOX_RETRY_DELAY_SECONDS: "1",
    }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
    cookies.member = await signInOverHttp(server.url, sink, member);
  });
  afterAll(() => stopServerWithMail(server, sink));

  function send(body: unknown, auth: { cookie?: string; bearer?: string } = {}) {
    return fetch(`${server.url}/api/sendAnnouncement`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(auth.cookie ? { Cookie: auth.cookie, Origin: server.url } : {}),
        ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { sent?: number; error?: string } }));
  }

  /** An event made on the events page and published, with the given guests reserved through the public form. */
  async function eventWithGuests(name: string, guests: Array<[string, string]>) {
    const date = "2031-10-02";
    const time = `1${guests.length}:${String(Math.floor(Math.random() * 50) + 10)}`;
    const { slug } = await createPublishedEvent(server.url, cookies.admin, { title: name, date, time, maxSeats: 30 });
    for (const [guestName, email] of guests) {
      const reserved = await fetch(`${server.url}/events/${slug}/reserve`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: guestName, email, phone: "", seats: "1" }),
      });
      expect(reserved.status).toBe(200);
    }
    const page = await (await fetch(`${server.url}/admin/eventreservations`, { headers: { Cookie: cookies.admin } })).text();
    const group = page.slice(page.indexOf(`<tbody aria-label="${name}"`));
    return /name="eventId" value="([0-9a-f-]{36})"/.exec(group)![1]!;
  }

  const announcementsTo = (email: string, subject: string) => mailsTo(sink, email).filter((mail) => mail.subject === subject);

  it("answers visitors 401 and members 403, before reading the body", async () => {
    expect((await send({ subject: "S", to: ["a@example.com"], html: "H" })).status).toBe(401);
    expect((await send("not json")).status).toBe(401);
    const forbidden = await send({ subject: "S", to: ["a@example.com"], html: "H" }, { cookie: cookies.member });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBeTruthy();
    expect((await send({ subject: "S", to: ["a@example.com"], html: "H" }, { bearer: bearer(cookies.member) })).status).toBe(403);
  });

  it("answers bad input with 400 and what is wrong", async () => {
    const auth = { cookie: cookies.admin };
    const cases: Array<[unknown, string]> = [
      ["{not json", "The request body must be valid JSON."],
      [[1, 2], "The request body must be a JSON object"],
      [{ to: ["a@example.com"], html: "Hello" }, "Please enter a subject and a message."],
      [{ subject: "Hi", to: ["a@example.com"] }, "Please enter a subject and a message."],
      [{ subject: "Hi", to: ["a@example.com"], html: "   " }, "Please enter a subject and a message."],
      [{ subject: "Hi", html: "Hello" }, "Give either to (a list of addresses) or eventId."],
      [{ subject: "Hi", to: [], html: "Hello" }, "Please give at least one recipient address."],
      [{ subject: "Hi", to: "a@example.com", html: "Hello" }, "to must be a list of addresses."],
      [{ subject: "Hi", to: ["not-an-address"], html: "Hello" }, "not-an-address is not a valid e-mail address."],
      [{ subject: "Hi", eventId: "00000000-0000-4000-8000-000000000000", html: "Hello" }, "There is no such event."],
      [{ subject: "Hi", eventId: "nope", html: "Hello" }, "There is no such event."],
    ];
    for (const [body, error] of cases) {
      const answer = await send(body, auth);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toContain(error);
    }
    const quiet = await eventWithGuests(`Quiet ${stamp}`, []);
    const none = await send({ subject: "Hi", eventId: quiet, html: "Hello" }, { cookie: cookies.usher });
    expect(none).toEqual({ status: 400, body: { error: "No recipients for this event." } });
  });

  it("mails an event's guests for event staff (cookie or bearer), each address once; a list of addresses is for admins only", async () => {
    const guests: Array<[string, string]> = [
      ["Kim Guest", `kim-${stamp}@example.com`],
      ["Lou Guest", `lou-${stamp}@example.com`],
      ["Kim Again", ` KIM-${stamp}@example.com `],
    ];
    const eventId = await eventWithGuests(`Announce ${stamp}`, guests);
    expect((await send({ subject: "List", to: ["x@example.com"], html: "Hi" }, { bearer: bearer(cookies.usher) })).status).toBe(403);

    const subject = `Doors at six ${stamp}`;
    const answer = await send({ eventId, subject, html: "Doors open at **6 PM**." }, { bearer: bearer(cookies.usher) });
    expect(answer).toEqual({ status: 200, body: { sent: 2 } });
    for (const email of [`kim-${stamp}@example.com`, `lou-${stamp}@example.com`]) {
      const [mail] = await waitFor(() => (announcementsTo(email, subject).length ? announcementsTo(email, subject) : undefined));
      expect(decodedBody(mail!)).toContain("<strong>6 PM</strong>");
      expect(decodedBody(mail!)).not.toContain("/login/campaign");
      expect(headerOf(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    }
    const page = async () => (await fetch(`${server.url}/admin/eventreservations`, { headers: { Cookie: cookies.admin } })).text();
    const completed = new RegExp(`campaign-status">Completed</span> · (<!-- -->)?Guests of Announce ${stamp}(<!-- -->)? · `);
    await waitFor(async () => completed.test(await page()) || undefined);
    expect(announcementsTo(`kim-${stamp}@example.com`, subject)).toHaveLength(1);
    expect(announcementsTo(`lou-${stamp}@example.com`, subject)).toHaveLength(1);
  });

  it("sends an admin's announcement to a list of addresses, each once, with the session cookie", async () => {
    const subject = `Season news ${stamp}`;
    const to = [`mo-${stamp}@example.com`, `MO-${stamp}@example.com`, `nia-${stamp}@example.com`];
    const answer = await send({ subject, to, html: "A new season." }, { cookie: cookies.admin });
    expect(answer).toEqual({ status: 200, body: { sent: 2 } });
    for (const email of [`mo-${stamp}@example.com`, `nia-${stamp}@example.com`]) {
      await waitFor(() => announcementsTo(email, subject).length > 0 || undefined);
    }
    expect(announcementsTo(`mo-${stamp}@example.com`, subject)).toHaveLength(1);
    expect((await fetch(`${server.url}/api/sendAnnouncement`)).status).toBe(405);
  });
});
