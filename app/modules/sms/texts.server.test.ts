import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outbox, smsMonthlyCounts } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { TwilioFake } from "#tests/support/twilio-fake";
import { createOutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { getOutboxMessage } from "#app/modules/messaging/outbox.server";
import { optIn, optOut, queueText } from "./queue-text.server";
import { isOptedOut } from "./text-eligibility.server";
import { createSmsTransport } from "./sms-transport.server";
import { TWILIO_UNSUBSCRIBED_RECIPIENT } from "./twilio-client.server";

const venue = { timeZone: "America/Los_Angeles", allowedCountries: ["US"] };
let sequence = 0;
const number = () => `+1619555${String(1000 + (sequence += 1)).slice(-4)}`;
const text = (to: string, key = `${to}:${(sequence += 1)}`) => ({ to, body: "Hello\nReply STOP to opt out", kind: "sms-general", idempotencyKey: `sms-test:${key}` });

describe("texts: the outbox, the monthly limit, opt-outs and Twilio", () => {
  let database: TestDatabase;
  const twilio = new TwilioFake();
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    await twilio.start();
  });
  afterAll(async () => {
    await twilio.stop();
    await database.dispose();
  });

  it("lets at most 4 texts a month reach one number, even when sent at once", async () => {
    const to = number();
    const outcomes = await Promise.all(Array.from({ length: 7 }, () => queueText(db(), text(to), venue)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(4);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(
      Array.from({ length: 3 }, () => expect.objectContaining({ reason: "monthly-limit", message: "This number has already received 4 texts this month." })),
    );
    const [count] = await db().select().from(smsMonthlyCounts).where(eq(smsMonthlyCounts.phone, to));
    expect(count?.count).toBe(4);
    // Another month starts afresh.
    expect(await queueText(db(), text(to), { ...venue, now: new Date(Date.now() + 40 * 86_400_000) })).toMatchObject({ ok: true });
  });

  it("does not count a text queued twice under one key", async () => {
    const to = number();
    const first = await queueText(db(), text(to, "same"), venue);
    const again = await queueText(db(), text(to, "same"), venue);
    expect(again).toEqual({ ok: true, id: first.ok ? first.id : "", created: false });
    const [count] = await db().select().from(smsMonthlyCounts).where(eq(smsMonthlyCounts.phone, to));
    expect(count?.count).toBe(1);
  });

  it("queues and counts a text once when it is queued under one key many times at once (two instances, two sweeps)", async () => {
    const to = number();
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => queueText(db(), text(to, "raced"), venue)));
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    expect(outcomes.filter((outcome) => outcome.ok && outcome.created)).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => (outcome.ok ? outcome.id : "")))).toHaveProperty("size", 1);
    expect(await db().select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, `sms-test:raced`))).toHaveLength(1);
    const [count] = await db().select().from(smsMonthlyCounts).where(eq(smsMonthlyCounts.phone, to));
    expect(count?.count).toBe(1);
  });

  it("never queues a text to a number that opted out, until it opts back in", async () => {
    const to = number();
    await optOut(db(), to, "reply");
    expect(await queueText(db(), text(to), venue)).toMatchObject({ ok: false, reason: "opted-out" });
    await optIn(db(), to);
    expect(await queueText(db(), text(to), venue)).toMatchObject({ ok: true });
  });

  it("sends through Twilio, retries a 429, and turns a 21610 into an opt-out", async () => {
    const settings = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: "+16195550100", apiBase: twilio.url };
    const sender = createOutboxSender({
      db: db(),
      transports: { sms: createSmsTransport({ db: db(), twilio: settings, ratePerSecond: 50 }) },
      retryDelaySeconds: 1,
      concurrency: 1,
      idleSeconds: 1,
    });
    try {
      // The texts of the tests above go first, so the refusals below meet the texts they are meant for.
      await sender.deliverDue();
      const retried = number();
      const refused = number();
      const retriedText = await queueText(db(), text(retried), venue);
      twilio.refuseNext(1, { status: 429, code: 20429, message: "Too Many Requests" });
      await sender.deliverDue();
      const afterFirst = await getOutboxMessage(db(), retriedText.ok ? retriedText.id : "");
      expect(afterFirst).toMatchObject({ status: "pending", attempts: 1 });
      expect(afterFirst?.lastError).toContain("429");
      await db().update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, afterFirst!.id));
      await sender.deliverDue();
      expect(await getOutboxMessage(db(), afterFirst!.id)).toMatchObject({ status: "sent", transport: "twilio", providerId: expect.stringMatching(/^SM/) });
      expect(twilio.to(retried)).toHaveLength(1);

      const refusedText = await queueText(db(), text(refused), venue);
      twilio.refuseNext(1, { status: 400, code: TWILIO_UNSUBSCRIBED_RECIPIENT, message: "Attempt to send to unsubscribed recipient" });
      await sender.deliverDue();
      expect(await getOutboxMessage(db(), refusedText.ok ? refusedText.id : "")).toMatchObject({ status: "failed", attempts: 1 });
      expect(await isOptedOut(db(), refused)).toBe(true);
    } finally {
      await sender.stop();
    }
  });

  it("does not send a queued text to a number that opted out before its turn", async () => {
    const to = number();
    const queued = await queueText(db(), text(to), venue);
    await optOut(db(), to, "reply");
    const sender = createOutboxSender({
      db: db(),
      transports: { sms: createSmsTransport({ db: db(), ratePerSecond: 50 }) },
      retryDelaySeconds: 1,
      concurrency: 1,
    });
    await sender.deliverDue();
    await sender.stop();
    const row = await getOutboxMessage(db(), queued.ok ? queued.id : "");
    expect(row).toMatchObject({ status: "failed" });
    expect(row?.lastError).toContain("opted out");
  });

  it("delivers to the dev mailbox, keeping the text, when Twilio is not configured", async () => {
    const to = number();
    const queued = await queueText(db(), text(to), venue);
    const sender = createOutboxSender({ db: db(), transports: { sms: createSmsTransport({ db: db(), ratePerSecond: 50 }) }, retryDelaySeconds: 1, concurrency: 1 });
    await sender.deliverDue();
    await sender.stop();
    expect(await getOutboxMessage(db(), queued.ok ? queued.id : "")).toMatchObject({ status: "sent", transport: "mailbox", bodyText: "Hello\nReply STOP to opt out" });
  });
});
