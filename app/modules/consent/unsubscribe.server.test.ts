import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, unsubscribes } from "#db/schema";
import { queueEmail, type QueuedEmail } from "#app/modules/messaging/index.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { isUnsubscribed, resubscribeAddress, unsubscribeAddress, unsubscribedAmong } from "./index.server";

// One e-mail address (docs/decisions/061): every spelling of an address is the same person's.
describe(`unsubscribing on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  const db = () => database.handle.db;

  const mail = (to: string, key: string, priority: QueuedEmail["priority"]): QueuedEmail => ({
    kind: priority === "bulk" ? "campaign" : "reservation-confirmation",
    to,
    subject: "Hello",
    html: "<p>Hello</p>",
    text: "Hello",
    idempotencyKey: `${key}:${Math.random()}`,
    priority,
  });

  it("cancels every queued bulk message to any spelling of the address, and no transactional one", async () => {
    const bulk = await Promise.all(
      ["ada.lovelace@example.com", "Ada.Lovelace@Example.COM", " ADA.LOVELACE@EXAMPLE.COM "].map((to, index) => queueEmail(db(), mail(to, `bulk-${index}`, "bulk"))),
    );
    const transactional = await queueEmail(db(), mail("Ada.Lovelace@Example.com", "confirmation", "transactional"));
    const someoneElse = await queueEmail(db(), mail("grace.hopper@example.com", "other", "bulk"));

    await db().transaction((tx) => unsubscribeAddress(tx, { email: "Ada.Lovelace@Example.COM", source: "link" }));

    const statusOf = async (id: string) => (await db().select({ status: outbox.status }).from(outbox).where(eq(outbox.id, id)))[0]?.status;
    for (const message of bulk) expect(await statusOf(message.id)).toBe("cancelled");
    expect(await statusOf(transactional.id)).toBe("pending");
    expect(await statusOf(someoneElse.id)).toBe("pending");
  });

  it("keeps the address once, normalised, and answers for any spelling", async () => {
    await db().transaction((tx) => unsubscribeAddress(tx, { email: " Grace.Hopper@Example.ORG", source: "profile" }));
    await db().transaction((tx) => unsubscribeAddress(tx, { email: "grace.hopper@example.org", source: "link" }));
    expect(await db().select({ email: unsubscribes.email }).from(unsubscribes).where(eq(unsubscribes.email, "grace.hopper@example.org"))).toHaveLength(1);
    expect(await isUnsubscribed(db(), "GRACE.HOPPER@EXAMPLE.ORG ")).toBe(true);
    expect([...(await unsubscribedAmong(db(), ["Grace.Hopper@example.org", "nobody@example.org"]))]).toEqual(["grace.hopper@example.org"]);

    await resubscribeAddress(db(), "Grace.Hopper@Example.Org");
    expect(await isUnsubscribed(db(), "grace.hopper@example.org")).toBe(false);
  });
});
