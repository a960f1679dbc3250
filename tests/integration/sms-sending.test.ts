import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsMessages } from "#app/modules/sms/sms-texts";
import { joinCommunityOverHttp } from "#tests/support/community";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { TwilioFake } from "#tests/support/twilio-fake";

/** Staff texts over HTTP to a local server speaking Twilio's Messages API: the spec's form, consent and limits. */
describe("sending texts", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const twilio = new TwilioFake();
  const admin = `sms-admin-${Date.now().toString(36)}@example.com`;
  const member = `sms-member-${Date.now().toString(36)}@example.com`;
  let adminCookie: string;
  let memberCookie: string;
  let publicUrl: string;

  beforeAll(async () => {
    await twilio.start();
    ({ server, sink } = await startServerWithMail({ ...twilio.env(), ADMIN_EMAILS: admin, SEED_DEMO_CONTENT: "false", OUTBOX_RETRY_DELAY_SECONDS: "1" }));
    publicUrl = `http://localhost:${new URL(server.url).port}`;
    adminCookie = await signInOverHttp(server.url, sink, admin);
    memberCookie = await signInOverHttp(server.url, sink, member);
    // These numbers agreed to texts on the community form (its consent covers SMS).
    for (const [name, phone] of [
      ["Stella Stop", "619-555-0142"],
      ["Mona Month", "619-555-0143"],
      ["Pat Patience", "619-555-0144"],
    ] as const) {
      expect(await joinCommunityOverHttp(server.url, { name, phone })).toBe(200);
    }
  });
  afterAll(async () => {
    await stopServerWithMail(server, sink);
    await twilio.stop();
  });

  const send = (payload: unknown, cookie: string | undefined = adminCookie) =>
    fetch(`${server.url}/api/sendMagicLinksToCommunity`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify(payload),
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

  it("answers a number that wrote to us, with {name} replaced, and gives its message SID", async () => {
    // No consent, but the person texted us first: staff may answer within a day.
    expect((await reply("+16195550140", "Is there parking?")).status).toBe(200);
    const response = await send({ phone: "(619) 555-0140", message: "Hello {name}, see you Sunday", campaign: "general" });
    expect(response.status).toBe(200);
    const { messageSid } = (await response.json()) as { messageSid: string };
    expect(messageSid).toMatch(/^SM/);
    expect(twilio.to("+16195550140")).toEqual([
      expect.objectContaining({ sid: messageSid, body: "Hello friend, see you Sunday\nReply STOP to opt out", from: "+16195550100" }),
    ]);
  });

  it("answers the spec's validation texts with 400, and refuses visitors and members", async () => {
    expect(await (await send({ phone: "", message: "Hi", campaign: "general" })).json()).toEqual({ error: "Phone number is required" });
    expect(await (await send({ phone: "+16195550141", message: "  ", campaign: "general" })).json()).toEqual({ error: "Message is required" });
    expect((await send({ phone: "+16195550141", message: "x".repeat(1601), campaign: "general" })).status).toBe(400);
    expect((await send({ phone: "12", message: "Hi", campaign: "general" })).status).toBe(400);
    expect((await send({ phone: "+16195550141", message: "Hi", campaign: "general" }, "")).status).toBe(401);
    expect((await send({ phone: "+16195550141", message: "Hi", campaign: "general" }, memberCookie)).status).toBe(403);
    expect(twilio.to("+16195550141")).toEqual([]);
  });

  it("refuses a number that never agreed to texts, with the reason under the field, and texts nothing", async () => {
    const refused = await send({ phone: "+16195550145", message: "Hi", campaign: "general" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: smsMessages.noConsent });
    expect(twilio.to("+16195550145")).toEqual([]);
    // Its STOP is no permission either.
    expect((await reply("+16195550146", "STOP")).status).toBe(200);
    expect((await send({ phone: "+16195550146", message: "Hi", campaign: "general" })).status).toBe(400);
    expect(twilio.to("+16195550146")).toEqual([]);
  });

  it("texts nothing more to a number that replied STOP, until it replies START", async () => {
    expect((await reply("+16195550142", "STOP")).status).toBe(200);
    const refused = await send({ phone: "+16195550142", message: "Hi", campaign: "general" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toContain("opted out");
    expect(twilio.to("+16195550142")).toEqual([]);
    expect((await reply("+16195550142", "start")).status).toBe(200);
    expect((await send({ phone: "+16195550142", message: "Hi", campaign: "general" })).status).toBe(200);
    expect(twilio.to("+16195550142")).toHaveLength(1);
  });

  it("refuses the 5th text to a number in one month", async () => {
    for (let index = 0; index < 4; index += 1) {
      expect((await send({ phone: "+16195550143", message: `Text ${index}`, campaign: "general" })).status).toBe(200);
    }
    const fifth = await send({ phone: "+16195550143", message: "Text 5", campaign: "general" });
    expect(fifth.status).toBe(400);
    expect(await fifth.json()).toEqual({ error: "This number has already received 4 texts this month." });
    expect(twilio.to("+16195550143")).toHaveLength(4);
  });

  it("retries a text Twilio refused with 429 and sends it once", async () => {
    twilio.refuseNext(1, { status: 429, code: 20429, message: "Too Many Requests" });
    const response = await send({ phone: "+16195550144", message: "Patience", campaign: "general" });
    expect([200, 202]).toContain(response.status);
    for (let tries = 0; tries < 100 && twilio.to("+16195550144").length === 0; tries += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(twilio.to("+16195550144")).toHaveLength(1);
  });
});
