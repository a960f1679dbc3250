import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { isOptedOut } from "./text-eligibility.server";
import { handleInboundText } from "./twilio-webhooks.server";

/** Incoming STOP and START on the database (PostgreSQL too with DATABASE_URL): once per MessageSid, in the order received. */
describe("incoming texts (issue 23)", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  let sequence = 0;
  const reply = (from: string, body: string, messageSid = `SM${(sequence += 1).toString().padStart(32, "0")}`) => ({ From: from, To: "+16195550100", Body: body, MessageSid: messageSid });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it("processes a MessageSid once: a captured START replayed after a STOP does not re-subscribe the number", async () => {
    const phone = "+16195550181";
    const start = reply(phone, "START");
    expect(await handleInboundText(db(), reply(phone, "STOP"))).toEqual({ action: "opted-out", phone });
    expect(await handleInboundText(db(), start)).toEqual({ action: "opted-in", phone });
    expect(await handleInboundText(db(), reply(phone, "STOP"))).toEqual({ action: "opted-out", phone });

    expect(await handleInboundText(db(), start)).toEqual({ action: "repeated", phone });
    expect(await isOptedOut(db(), phone)).toBe(true);
    expect((await handleInboundText(db(), { ...reply(phone, "HELP"), MessageSid: start.MessageSid })).action).toBe("repeated");
  });

  it("applies a number's texts in the order received: a START received before the latest STOP does not opt back in", async () => {
    const phone = "+16195550182";
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 5, 18, 0, seconds));
    expect((await handleInboundText(db(), reply(phone, "STOP"), at(10))).action).toBe("opted-out");
    // Received at second 5, processed only now (a slow instance, a retried webhook).
    expect(await handleInboundText(db(), reply(phone, "START"), at(5))).toEqual({ action: "superseded", phone });
    expect(await isOptedOut(db(), phone)).toBe(true);
    expect((await handleInboundText(db(), reply(phone, "START"), at(20))).action).toBe("opted-in");
    expect(await isOptedOut(db(), phone)).toBe(false);
  });
});
