import { getExpectedTwilioSignature } from "twilio/lib/webhooks/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { TwilioFake } from "#tests/support/twilio-fake";

/** Twilio's webhooks: only requests signed with our auth token count. */
describe("the SMS webhooks", () => {
  let server: TestServer;
  const twilio = new TwilioFake();
  let publicUrl: string;

  beforeAll(async () => {
    await twilio.start();
    server = await startTestServer({ ...twilio.env(), SEED_DEMO_CONTENT: "false" });
    publicUrl = `http://localhost:${new URL(server.url).port}`;
  });
  afterAll(async () => {
    await server?.stop();
    await twilio.stop();
  });

  const post = (path: string, params: Record<string, string>, signature?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...(signature ? { "X-Twilio-Signature": signature } : {}) },
      body: new URLSearchParams(params),
    });
  const signed = (path: string, params: Record<string, string>) =>
    post(path, params, getExpectedTwilioSignature(twilio.authToken, `${publicUrl}${path}`, params));

  let sequence = 0;
  // Each incoming text has its own MessageSid, as Twilio's do: a repeated one is processed once.
  const inbound = (body: string) => ({ From: "+16195550177", To: "+16195550100", Body: body, MessageSid: `SM${(sequence += 1)}`, AccountSid: twilio.accountSid });

  it("refuses an unsigned or wrongly signed incoming text with 403", async () => {
    expect((await post("/api/sms/inbound", inbound("STOP"))).status).toBe(403);
    expect((await post("/api/sms/inbound", inbound("STOP"), "c2lnbmF0dXJl")).status).toBe(403);
    // A signature over other parameters does not cover these.
    const other = getExpectedTwilioSignature(twilio.authToken, `${publicUrl}/api/sms/inbound`, inbound("HELLO"));
    expect((await post("/api/sms/inbound", inbound("STOP"), other)).status).toBe(403);
  });

  it("accepts a signed STOP and START with empty TwiML, and answers HELP with the brand's help text", async () => {
    for (const word of ["STOP", "start"]) {
      const response = await signed("/api/sms/inbound", inbound(word));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toContain("text/xml");
      expect(await response.text()).toContain("<Response></Response>");
    }
    const help = await signed("/api/sms/inbound", inbound("HELP"));
    expect(await help.text()).toMatch(/<Message>Harmonia: .*Reply STOP to opt out, START to opt back in\..*<\/Message>/);
  });

  it("processes a replayed incoming text once: a captured HELP gets no second answer (issue 23)", async () => {
    const captured = inbound("HELP");
    expect(await (await signed("/api/sms/inbound", captured)).text()).toContain("<Message>");
    const replayed = await signed("/api/sms/inbound", captured);
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toContain("<Response></Response>");
  });

  it("takes delivery reports only when signed", async () => {
    const report = { MessageSid: "SM00000000000000000000000000000001", MessageStatus: "delivered", AccountSid: twilio.accountSid };
    expect((await post("/api/sms/status", report)).status).toBe(403);
    expect((await signed("/api/sms/status", report)).status).toBe(204);
  });

  it("answers GET with 405", async () => {
    expect((await fetch(`${server.url}/api/sms/inbound`)).status).toBe(405);
  });
});
