import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { joinCommunityOverHttp } from "#tests/support/community";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { createPublishedEvent } from "#tests/support/staff-events";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { TwilioFake } from "#tests/support/twilio-fake";

/**
 * Staff bulk sends have daily quotas per staff member (issue 23): mails to one event's guests
 * (EVENT_MAILS_PER_STAFF_PER_DAY) and single texts (SMS_SINGLES_PER_STAFF_PER_DAY), counted in the
 * database; single texts go only to SMS_ALLOWED_COUNTRIES (the venue's country by default).
 */
describe("staff quotas", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const twilio = new TwilioFake();
  const stamp = Date.now().toString(36);
  const admin = `quota-admin-${stamp}@example.com`;
  const usher = `quota-usher-${stamp}@example.com`;
  const cookies = { admin: "", usher: "" };

  beforeAll(async () => {
    await twilio.start();
    ({ server, sink } = await startServerWithMail({
      ...twilio.env(),
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: usher,
      EVENT_MAILS_PER_STAFF_PER_DAY: "2",
      SMS_SINGLES_PER_STAFF_PER_DAY: "2",
    }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
  }, 200_000);
  afterAll(async () => {
    await stopServerWithMail(server, sink);
    await twilio.stop();
  });

  const post = (path: string, body: unknown, cookie: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: server.url },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string; sent?: number } }));

  async function eventWithGuest(name: string) {
    const date = "2031-11-04";
    const time = `1${Math.floor(Math.random() * 9)}:${String(Math.floor(Math.random() * 50) + 10)}`;
    const { slug } = await createPublishedEvent(server.url, cookies.admin, { title: name, date, time, maxSeats: 30 });
    const reserved = await fetch(`${server.url}/events/${slug}/reserve`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Guest", email: `guest-${stamp}@example.com`, phone: "", seats: "1" }),
    });
    expect(reserved.status).toBe(200);
    const page = await (await fetch(`${server.url}/admin/eventreservations`, { headers: { Cookie: cookies.admin } })).text();
    const group = page.slice(page.indexOf(`<tbody aria-label="${name}"`));
    return /name="eventId" value="([0-9a-f-]{36})"/.exec(group)![1]!;
  }

  it("refuses a third mail to one event's guests by one staff member in a day, with 429 and a clear message", async () => {
    const eventId = await eventWithGuest(`Quota Circle ${stamp}`);
    const mail = { eventId, subject: "Parking", html: "See https://outside.example" };
    expect((await post("/api/sendAnnouncement", mail, cookies.usher)).status).toBe(200);
    expect((await post("/api/sendAnnouncement", mail, cookies.usher)).status).toBe(200);
    const third = await post("/api/sendAnnouncement", mail, cookies.usher);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^You have mailed this event's guests 2 times in the last day, the most allowed\. Please try again in \d+ hours?\.$/);
    // The page's form says the same, when its review is confirmed (the review itself sends nothing and counts nothing).
    const postForm = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/eventreservations`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.usher },
        body: new URLSearchParams({ intent: "send-attendee-mail", eventId, subject: "Parking", message: "Again", ...fields }),
      });
    const review = await postForm({});
    expect(review.status).toBe(200);
    const confirm = /name="confirm" value="([^"]+)"/.exec(await review.text())![1]!;
    const form = await postForm({ confirm });
    expect(form.status).toBe(429);
    expect(await form.text()).toContain("You have mailed this event&#x27;s guests 2 times");
    // Another staff member has their own allowance.
    expect((await post("/api/sendAnnouncement", mail, cookies.admin)).status).toBe(200);
  });

  it("texts only numbers of the allowed countries (the venue's by default), and at most the daily number of single texts", async () => {
    const abroad = await post("/api/sendMagicLinksToCommunity", { phone: "+33 6 12 34 56 78", message: "Hello", campaign: "general" }, cookies.admin);
    expect(abroad.status).toBe(400);
    expect(abroad.body.error).toBe("Texts can be sent only to numbers in US (SMS_ALLOWED_COUNTRIES). Please check the number's country code.");
    expect(twilio.to("+33612345678")).toEqual([]);

    // Numbers that agreed to texts on the community form: the quota, not consent, is what stops the third.
    for (const [name, phone] of [["Una Quota", "619-555-0191"], ["Vic Quota", "619-555-0192"], ["Wes Quota", "619-555-0193"]] as const) {
      expect(await joinCommunityOverHttp(server.url, { name, phone })).toBe(200);
    }
    for (const number of ["+16195550191", "+16195550192"]) {
      expect((await post("/api/sendMagicLinksToCommunity", { phone: number, message: "Hello", campaign: "general" }, cookies.admin)).status).toBeLessThan(300);
    }
    const third = await post("/api/sendMagicLinksToCommunity", { phone: "+16195550193", message: "Hello", campaign: "general" }, cookies.admin);
    expect(third.status).toBe(429);
    expect(third.body.error).toMatch(/^You have sent 2 single texts in the last day, the most allowed\. Please try again in \d+ hours?\.$/);
  });
});
