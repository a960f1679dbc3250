import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TwilioFake } from "#tests/support/twilio-fake";
import { sendTwilioMessage, TWILIO_UNSUBSCRIBED_RECIPIENT, type TwilioSettings } from "./twilio-client.server";

describe("sendTwilioMessage against a server speaking Twilio's Messages API", () => {
  const twilio = new TwilioFake();
  let settings: TwilioSettings;
  beforeAll(async () => {
    await twilio.start();
    settings = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: "+16195550100", apiBase: twilio.url };
  });
  afterAll(() => twilio.stop());

  it("sends with Basic auth and answers the message's SID", async () => {
    const result = await sendTwilioMessage(settings, { to: "+16195550123", body: "Hello", statusCallback: "https://x.example/api/sms/status" });
    expect(result).toMatchObject({ ok: true, sid: expect.stringMatching(/^SM/) });
    expect(twilio.to("+16195550123")).toEqual([expect.objectContaining({ body: "Hello", from: "+16195550100", statusCallback: "https://x.example/api/sms/status" })]);
  });

  it("sends from a Messaging Service when the sender is an MG SID", async () => {
    await sendTwilioMessage({ ...settings, from: `MG${"a".repeat(32)}` }, { to: "+16195550124", body: "Hi" });
    expect(twilio.to("+16195550124")[0]).toMatchObject({ messagingServiceSid: `MG${"a".repeat(32)}`, from: undefined });
  });

  it("calls 429 and 5xx temporary, 21610 and other refusals permanent", async () => {
    twilio.refuseNext(1, { status: 429, code: 20429, message: "Too Many Requests" });
    expect(await sendTwilioMessage(settings, { to: "+16195550125", body: "x" })).toMatchObject({ ok: false, temporary: true });
    twilio.refuseNext(1, { status: 503, code: 20503, message: "Service unavailable" });
    expect(await sendTwilioMessage(settings, { to: "+16195550125", body: "x" })).toMatchObject({ ok: false, temporary: true });
    twilio.refuseNext(1, { status: 400, code: TWILIO_UNSUBSCRIBED_RECIPIENT, message: "Attempt to send to unsubscribed recipient" });
    expect(await sendTwilioMessage(settings, { to: "+16195550125", body: "x" })).toMatchObject({
      ok: false,
      temporary: false,
      code: TWILIO_UNSUBSCRIBED_RECIPIENT,
    });
  });

  it("calls wrong credentials permanent and an unreachable server temporary", async () => {
    expect(await sendTwilioMessage({ ...settings, authToken: "wrong-token-000" }, { to: "+16195550126", body: "x" })).toMatchObject({
      ok: false,
      temporary: false,
      code: 20003,
    });
    expect(await sendTwilioMessage({ ...settings, apiBase: "http://127.0.0.1:1" }, { to: "+16195550126", body: "x" })).toMatchObject({
      ok: false,
      temporary: true,
    });
  });
});
