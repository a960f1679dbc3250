import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { newsletter, outbox, waitlist } from "#db/schema";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { joinWaitlist } from "./join-waitlist.server";
import { subscribeToNewsletter } from "./subscribe-to-newsletter.server";
import { newsletterSubscriptionSchema } from "./subscription-schemas";
import { noOutboxWake } from "#app/modules/messaging/index.server";

const publicUrl = "http://localhost:3000";
const client = { key: "10.0.0.1", rateLimitMultiplier: 1 };

describe("newsletter and waitlist sign-ups", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("subscribes once, counts a repeat in any letter case as subscribed, and welcomes once", async () => {
    const email = uniqueEmail("reader");
    const { db } = database.handle;
    expect(await subscribeToNewsletter(db, { email, publicUrl, client, wake: noOutboxWake })).toEqual({ alreadySubscribed: false });
    expect(await subscribeToNewsletter(db, { email: email.toUpperCase(), publicUrl, client, wake: noOutboxWake })).toEqual({
      alreadySubscribed: true,
    });
    const rows = await db.select().from(newsletter).where(sql`lower(${newsletter.email}) = ${email.toLowerCase()}`);
    expect(rows).toHaveLength(1);
    const mails = await db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "newsletter-welcome", status: "pending", channel: "email" });
    expect(mails[0]?.bodyHtml).toContain(`${publicUrl}/events`);
    expect(mails[0]?.bodyText).toContain("Thank you for subscribing");
  });

  it("welcomes one inbox once, however its address is spelled, and refuses a fourth sign-up within the hour", async () => {
    const { db } = database.handle;
    const [local = "", domain = ""] = uniqueEmail("tagged").split("@");
    const spellings = [`${local}+a@${domain}`, `${local.toUpperCase()}+b@${domain}`, ` ${local}@${domain} `];
    for (const [index, email] of spellings.entries()) {
      expect(await subscribeToNewsletter(db, { email: email.trim(), publicUrl, wake: noOutboxWake, client: { ...client, key: `10.0.9.${index}` } })).toEqual({ alreadySubscribed: false });
    }
    const refused = await subscribeToNewsletter(db, { email: `${local}+d@${domain}`, publicUrl, wake: noOutboxWake, client: { ...client, key: "10.0.9.9" } });
    expect(refused).toMatchObject({ reason: "too-many-attempts", message: expect.stringMatching(/^Too many attempts\. Please try again in 60 minutes\.$/) });
    const welcomes = await db.select().from(outbox).where(sql`${outbox.idempotencyKey} = ${`newsletter-welcome:${local}@${domain}`}`);
    expect(welcomes).toHaveLength(1);
  });

  it("keeps where a waitlist entry came from and which plan it chose", async () => {
    const email = uniqueEmail("listener");
    const { db } = database.handle;
    await joinWaitlist(db, { email, source: "harmonize", plan: "Harmony Symphony", publicUrl, client, wake: noOutboxWake });
    expect(await joinWaitlist(db, { email, publicUrl, client, wake: noOutboxWake })).toEqual({ alreadyOnList: true });
    const [entry] = await db.select().from(waitlist).where(eq(waitlist.email, email));
    expect(entry).toMatchObject({ source: "harmonize", plan: "Harmony Symphony" });
  });

  it("validates the address on the server with the form's messages", () => {
    expect(newsletterSubscriptionSchema.safeParse({ email: "  ada@example.com " }).data).toEqual({
      email: "ada@example.com",
    });
    expect(newsletterSubscriptionSchema.safeParse({ email: "" }).error?.issues[0]?.message).toBe(
      "Please enter your email address.",
    );
    expect(newsletterSubscriptionSchema.safeParse({ email: "ada@" }).error?.issues[0]?.message).toBe(
      "Please enter a valid email address.",
    );
    expect(newsletterSubscriptionSchema.safeParse({}).error?.issues[0]?.message).toBe("Please enter your email address.");
  });
});
