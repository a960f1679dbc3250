import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsOnPage, postCommunications, postCommunicationsReviewed, reviewTokenIn } from "#tests/support/campaigns";
import { joinCommunityOverHttp } from "#tests/support/community";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { createPublishedEvent } from "#tests/support/staff-events";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { TwilioFake } from "#tests/support/twilio-fake";
import { waitFor } from "#tests/support/wait-for";

/**
 * The group text over HTTP, as the staff page posts it, against the production server and a local
 * server speaking Twilio's Messages API: who may send it, its validation, consent and opt-outs,
 * and the progress and per-recipient results the page shows. 'Send now' keeps it independent of
 * the hour the test runs at (quiet hours are tested with the clock moved in sms-groups.test.ts).
 */
describe("group texts from /admin/communications", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const twilio = new TwilioFake();
  const stamp = Date.now().toString(36);
  const admin = `group-admin-${stamp}@example.com`;
  const usher = `group-usher-${stamp}@example.com`;
  const member = `group-member-${stamp}@example.com`;
  const cookies: Record<string, string> = {};
  let publicUrl: string;

  beforeAll(async () => {
    await twilio.start();
    ({ server, sink } = await startServerWithMail({
      ...twilio.env(),
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: usher,
      SEED_DEMO_CONTENT: "false",
      RATE_LIMIT_MULTIPLIER: "50",
      SMS_RATE_PER_SECOND: "50",
    }));
    publicUrl = `http://localhost:${new URL(server.url).port}`;
    for (const email of [admin, usher, member]) cookies[email] = await signInOverHttp(server.url, sink, email);
    for (const [name, phone] of [
      ["Lena Group", "619-555-8101"],
      ["Omar Group", "(619) 555-8102"],
    ]) {
      expect(await joinCommunityOverHttp(server.url, { name: name!, phone: phone! })).toBe(200);
    }
  });
  afterAll(async () => {
    await stopServerWithMail(server, sink);
    await twilio.stop();
  });

  // Through its review, as staff send it (the review alone sends nothing: see campaigns' send-review test).
  const groupText = (cookie: string, fields: Record<string, string> = {}) =>
    postCommunicationsReviewed(server.url, cookie, {
      intent: "send-sms-group",
      audience: "community",
      message: "Hello {name}, the winter circle opens Sunday",
      campaign: "general",
      timing: "now",
      ...fields,
    });
  const reply = (from: string, body: string) => {
    const params = { From: from, To: "+16195550100", Body: body, AccountSid: twilio.accountSid, MessageSid: `SM${crypto.randomUUID().replaceAll("-", "")}` };
    return fetch(`${server.url}/api/sms/inbound`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "X-Twilio-Signature": getExpectedTwilioSignature(twilio.authToken, `${publicUrl}/api/sms/inbound`, params),
      },
      body: new URLSearchParams(params),
    });
  };

  it("refuses visitors (401), members and event staff (403), and bad input (400) with the message under its field", async () => {
    const visitor = await fetch(`${server.url}/admin/communications`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "send-sms-group", audience: "community", message: "Hi", timing: "now" }),
    });
    expect(visitor.status).toBe(401);
    expect((await groupText(cookies[member]!)).status).toBe(403);
    expect((await groupText(cookies[usher]!)).status).toBe(403);

    const empty = await groupText(cookies[admin]!, { message: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Message is required");
    const noEvent = await groupText(cookies[admin]!, { audience: "event", eventId: "" });
    expect(noEvent.status).toBe(400);
    expect(await noEvent.text()).toContain("Choose the event whose guests get the text.");
    expect((await groupText(cookies[admin]!, { message: "x".repeat(1601) })).status).toBe(400);
    expect(twilio.received).toEqual([]);
  });

  it("texts everyone with consent, skips a number that replied STOP, and shows progress and each recipient's result", async () => {
    const first = await groupText(cookies[admin]!);
    expect(first.status).toBe(200);
    expect(await first.text()).toContain("Texting 2 numbers.");
    await waitFor(() => (twilio.to("+16195558101").length && twilio.to("+16195558102").length ? true : undefined));
    expect(twilio.to("+16195558101").map((message) => message.body)).toEqual(["Hello Lena, the winter circle opens Sunday\nReply STOP to opt out"]);

    expect((await reply("+16195558102", "STOP")).status).toBe(200);
    const second = await groupText(cookies[admin]!, { message: "Second note for {name}" });
    expect(await second.text()).toContain("Texting 1 number (1 skipped).");
    await waitFor(() => (twilio.to("+16195558101").length === 2 ? true : undefined));
    expect(twilio.to("+16195558102")).toHaveLength(1);

    const page = await (await fetch(`${server.url}/admin/communications`, { headers: { Cookie: cookies[admin]! } })).text();
    const [latest] = await waitFor(async () => {
      const shown = await campaignsOnPage(server.url, cookies[admin]!);
      return shown[0]?.status === "Completed" ? shown : undefined;
    });
    expect(latest!.counts).toMatchObject({ Recipients: "2", Queued: "0", Sent: "1", Skipped: "1" });
    expect(page).toContain("+16195558102");
    expect(page).toContain("Opted out (replied STOP)");
    expect(page).toContain("Text to everyone with SMS consent");
  });

  it("leaves out a number of another country that ticked the SMS box on /join (SMS_ALLOWED_COUNTRIES=US): its review names it and why, and it is never texted", async () => {
    expect(await joinCommunityOverHttp(server.url, { name: "Amélie Abroad", phone: "+33 6 12 34 56 78" })).toBe(200);
    const fields = { intent: "send-sms-group", audience: "community", message: "Hello {name}, doors at 7", campaign: "general", timing: "now" };
    const review = await (await postCommunications(server.url, cookies[admin]!, fields)).text();
    const leftOut = /data-testid="send-review-left-out">([\s\S]*?)<\/ul>/.exec(review)?.[1]?.replaceAll("<!-- -->", "") ?? "";
    expect(leftOut).toContain("Number outside US (SMS_ALLOWED_COUNTRIES)");
    expect(leftOut).toContain("Amélie Abroad (+33612345678)");
    const token = reviewTokenIn(review);
    expect(token).toBeTruthy();
    const sent = await postCommunications(server.url, cookies[admin]!, { ...fields, confirm: token! });
    expect(await sent.text()).toContain("skipped)");
    const [latest] = await waitFor(async () => {
      const shown = await campaignsOnPage(server.url, cookies[admin]!);
      return shown[0]?.status === "Completed" ? shown : undefined;
    });
    expect(latest!.counts).toMatchObject({ Sent: "1" });
    expect(twilio.to("+33612345678")).toEqual([]);
  });

  it("names each event in the picker by its date and time at the venue, not the UTC date", async () => {
    // 19:00 on 28 November at the venue (Los Angeles) is 03:00 on the 29th in UTC.
    const name = `Late Circle ${stamp}`;
    const date = "2031-11-28";
    const time = "19:00";
    const { slug } = await createPublishedEvent(server.url, cookies[admin]!, { title: name, date, time, maxSeats: 20 });
    const reserved = await fetch(`${server.url}/events/${slug}/reserve`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Nora Late", email: `late-${stamp}@example.com`, phone: "619-555-8103", seats: "1" }),
    });
    expect(reserved.status).toBe(200);
    // React marks the joins of an option's text parts with empty comments.
    const page = (await (await fetch(`${server.url}/admin/communications`, { headers: { Cookie: cookies[admin]! } })).text()).replaceAll("<!-- -->", "");
    expect(page).toContain(`${name} (November 28th, 2031, 7:00 PM)`);
    expect(page).not.toContain(`${name} (2031-11-29)`);
  });

  it("sends a resubmitted single text once: the form carries a one-time key, and a second post with it finds the first", async () => {
    const page = await (await fetch(`${server.url}/admin/communications`, { headers: { Cookie: cookies[admin]! } })).text();
    const key = /name="submissionKey" value="([0-9a-f-]{36})"/.exec(page)?.[1];
    expect(key).toBeTruthy();
    // A number that agreed to texts on the community form, texted by no other test here.
    expect(await joinCommunityOverHttp(server.url, { name: "Quinn Single", phone: "619-555-8104" })).toBe(200);
    const single = { intent: "send-sms", phone: "619-555-8104", message: "One text, however often it is posted", campaign: "general", submissionKey: key! };
    const [first, second] = await Promise.all([postCommunications(server.url, cookies[admin]!, single), postCommunications(server.url, cookies[admin]!, single)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await postCommunications(server.url, cookies[admin]!, single);
    expect(await third.text()).toContain("SMS sent successfully! Message SID:");
    expect(twilio.to("+16195558104")).toHaveLength(1);

    // A new key (the form's next text) is a new text; a key the form would not make is no key.
    await postCommunications(server.url, cookies[admin]!, { ...single, submissionKey: crypto.randomUUID() });
    await postCommunications(server.url, cookies[admin]!, { ...single, submissionKey: "not-a-key" });
    await waitFor(() => (twilio.to("+16195558104").length === 3 ? true : undefined));
  });
});
