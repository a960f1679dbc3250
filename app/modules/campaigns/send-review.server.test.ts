import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignRecipients, campaigns, community, events, musicAccess, reservations, unsubscribes, type EventRow } from "#db/schema";
import { campaignMessages } from "./campaign-messages";
import { redeemCampaignLink } from "./campaign-links.server";
import { newToken } from "#app/lib/tokens.server";
import type { Database } from "#app/lib/db.server";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createReviewedCampaign } from "./create-campaign.server";
import { createTextCampaign } from "./create-text-campaign.server";
import { mailEventGuests } from "./event-attendees.server";
import { issueReviewToken, judgeConfirmation, sendFingerprint } from "./review-token.server";
import { reviewMessages, type SendReview } from "./send-review";

const secret = "a-test-secret-of-enough-length-for-hmac";
const publicUrl = "http://localhost:3000";
const admin = { id: "admin-review", email: "admin-review@harmonia.example", role: "admin" as const };
const limits = { EVENT_MAILS_PER_STAFF_PER_DAY: 50, RATE_LIMIT_MULTIPLIER: 1 };
const started: string[] = [];
const starter = { startFanOut: async (campaignId: string) => void started.push(campaignId) };

describe("review tokens", () => {
  const now = new Date("2026-11-26T12:00:00Z");
  const claims = { actorId: "a", fingerprint: "f", count: 3, duplicateOf: null };

  it("confirm exactly the reviewed send, by the same staff member, for two hours", () => {
    const token = issueReviewToken(secret, claims, now);
    expect(judgeConfirmation(secret, token, claims, now)).toEqual({ confirmed: true });
    expect(judgeConfirmation(secret, token, claims, new Date(now.getTime() + 119 * 60_000)).confirmed).toBe(true);
    expect(judgeConfirmation(secret, token, claims, new Date(now.getTime() + 121 * 60_000))).toEqual({ confirmed: false, changedFrom: null, stale: true });
    expect(judgeConfirmation(secret, token, { ...claims, actorId: "b" }, now).confirmed).toBe(false);
    expect(judgeConfirmation(secret, token, { ...claims, fingerprint: "g" }, now).confirmed).toBe(false);
    expect(judgeConfirmation(secret, token, { ...claims, duplicateOf: "earlier" }, now).confirmed).toBe(false);
    expect(judgeConfirmation("another-secret-of-enough-length-here", token, claims, now).confirmed).toBe(false);
  });

  it("say what the count was when the audience changed, and refuse garbage without throwing", () => {
    const token = issueReviewToken(secret, claims, now);
    expect(judgeConfirmation(secret, token, { ...claims, fingerprint: "other", count: 4 }, now)).toEqual({ confirmed: false, changedFrom: 3, stale: false });
    for (const garbage of [undefined, "", "x", "1.2", "a.b.c", "1.2.3.4", `${Math.floor(now.getTime() / 1000)}.3.short`]) {
      expect(judgeConfirmation(secret, garbage, claims, now).confirmed).toBe(false);
    }
  });

  it("fingerprint the message and who receives it, not the order of the list", () => {
    const send = { channel: "email" as const, kind: "k", tag: "t", subject: "S", message: "M", recipients: ["b@x.org", "a@x.org"] };
    expect(sendFingerprint(send)).toBe(sendFingerprint({ ...send, recipients: ["a@x.org", "b@x.org"] }));
    expect(sendFingerprint(send)).not.toBe(sendFingerprint({ ...send, message: "M2" }));
    expect(sendFingerprint(send)).not.toBe(sendFingerprint({ ...send, recipients: ["a@x.org"] }));
  });
});

describe("mass sends go only after their review", () => {
  let database: TestDatabase;
  let db: Database;
  let counter = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(() => database.dispose());

  async function eventWithGuests(guests: { name: string; email: string; phone?: string | null }[]): Promise<EventRow> {
    const [event] = await db.insert(events).values(buildEvent({ title: `Review Evening ${++counter}`, startsAt: new Date("2032-05-01T03:00:00Z") })).returning();
    for (const guest of guests) await db.insert(reservations).values(buildReservation(event!.id, { visitorName: guest.name, visitorEmail: guest.email, phone: guest.phone ?? null }));
    return event!;
  }
  const campaignsOf = (tag: string) => db.select().from(campaigns).where(eq(campaigns.tag, tag));
  const reviewOf = (outcome: { ok: boolean; review?: SendReview }) => {
    expect(outcome.ok).toBe(false);
    expect(outcome.review).toBeDefined();
    return outcome.review!;
  };

  it("an event's guests: the first press reviews (count, who is unsubscribed, one guest's copy); only the confirm sends; a second identical send warns", async () => {
    const stamp = `${Date.now().toString(36)}${++counter}`;
    const event = await eventWithGuests([
      { name: "Vera Guest", email: `vera-${stamp}@example.com` },
      { name: "Walt Guest", email: `walt-${stamp}@example.com` },
      { name: "Ula Gone", email: `ula-${stamp}@example.com` },
    ]);
    await db.insert(unsubscribes).values({ email: `ula-${stamp}@example.com`, source: "link" });
    const tag = `event_attendees_${event.id}`;
    const mail = { eventId: event.id, subject: "Parking", message: "Dear {{name}}, park on **Elm Street**." };
    const now = new Date();
    const options = { secret, publicUrl, now };

    const review = reviewOf((await mailEventGuests(db, admin, mail, starter, limits, options)) as { ok: boolean; review?: SendReview });
    expect(review.count).toBe(2);
    expect(review.leftOut).toEqual([{ reason: "Unsubscribed from our e-mails", count: 1, people: [`Ula Gone (ula-${stamp}@example.com)`] }]);
    expect(review.sample.recipient).toBe(`Vera Guest (vera-${stamp}@example.com)`);
    expect(review.sample.html).toContain("Dear Vera");
    expect(review.sample.html).toContain("<strong>Elm Street</strong>");
    expect(review.duplicateMinutesAgo).toBeNull();
    expect(await campaignsOf(tag)).toHaveLength(0);

    // A forged or missing token does not send either.
    reviewOf((await mailEventGuests(db, admin, { ...mail, confirm: "1.2.forged" }, starter, limits, options)) as { ok: boolean; review?: SendReview });
    // Someone else's review is not this staff member's.
    reviewOf((await mailEventGuests(db, { ...admin, id: "someone-else" }, { ...mail, confirm: review.token }, starter, limits, options)) as { ok: boolean; review?: SendReview });
    // A changed message needs its own review.
    reviewOf((await mailEventGuests(db, admin, { ...mail, message: "Changed", confirm: review.token }, starter, limits, options)) as { ok: boolean; review?: SendReview });
    expect(await campaignsOf(tag)).toHaveLength(0);

    const sent = await mailEventGuests(db, admin, { ...mail, confirm: review.token }, starter, limits, options);
    expect(sent).toMatchObject({ ok: true, queued: 2, skipped: 1 });
    const [campaign] = await campaignsOf(tag);
    expect(campaign!.sendFingerprint).toBeTruthy();

    // The same confirm again (a second press, the browser's resend): asked again with the warning.
    const later = new Date(now.getTime() + 3 * 60_000);
    const again = reviewOf((await mailEventGuests(db, admin, { ...mail, confirm: review.token }, starter, limits, { ...options, now: later })) as { ok: boolean; review?: SendReview });
    expect(again.duplicateMinutesAgo).toBe(3);
    expect(reviewMessages.duplicate(again.duplicateMinutesAgo!)).toContain("You sent this same message to these people 3 minutes ago");
    expect(await campaignsOf(tag)).toHaveLength(1);
    // Its explicit confirm sends again.
    expect(await mailEventGuests(db, admin, { ...mail, confirm: again.token }, starter, limits, { ...options, now: later })).toMatchObject({ ok: true, queued: 2 });
    expect(await campaignsOf(tag)).toHaveLength(2);
    // Eleven minutes on, the same message is no duplicate any more.
    const fresh = reviewOf((await mailEventGuests(db, admin, mail, starter, limits, { ...options, now: new Date(later.getTime() + 11 * 60_000) })) as { ok: boolean; review?: SendReview });
    expect(fresh.duplicateMinutesAgo).toBeNull();
  });

  it("a guest who reserved after the review changes the count: the review comes again with the new count", async () => {
    const stamp = `${Date.now().toString(36)}${++counter}`;
    const event = await eventWithGuests([{ name: "Xan Guest", email: `xan-${stamp}@example.com` }]);
    const mail = { eventId: event.id, subject: "Doors", message: "Doors open at seven." };
    const options = { secret, publicUrl };
    const review = reviewOf((await mailEventGuests(db, admin, mail, starter, limits, options)) as { ok: boolean; review?: SendReview });
    expect(review.count).toBe(1);
    await db.insert(reservations).values(buildReservation(event.id, { visitorName: "Yul Late", visitorEmail: `yul-${stamp}@example.com` }));
    const again = reviewOf((await mailEventGuests(db, admin, { ...mail, confirm: review.token }, starter, limits, options)) as { ok: boolean; review?: SendReview });
    expect(again.count).toBe(2);
    expect(again.changedFrom).toBe(1);
    expect(again.notice).toBe(reviewMessages.changed(1, 2));
    expect(await campaignsOf(`event_attendees_${event.id}`)).toHaveLength(0);
  });

  it("a community campaign with nobody ticked reviews the whole list, asking the spec's question, and sends on confirm", async () => {
    const stamp = `${Date.now().toString(36)}${++counter}`;
    await db.insert(community).values({ name: `Zoe ${stamp}`, email: `zoe-${stamp}@example.com`, interest: "piano", consentAcceptedAt: new Date() });
    const input = { campaign: `review_${stamp}`, subject: "Hello all", message: "Hi {{name}}: {{link}}", audience: "all" as const, recipients: [] };
    const options = { secret, publicUrl };
    const review = reviewOf(await createReviewedCampaign(db, admin, input, starter, options));
    expect(review.question).toBe("No recipients selected. Send to ALL community?");
    expect(review.count).toBeGreaterThanOrEqual(1);
    expect(await campaignsOf(`review_${stamp}`)).toHaveLength(0);
    const sent = await createReviewedCampaign(db, admin, { ...input, confirm: review.token }, starter, options);
    expect(sent).toMatchObject({ ok: true, queued: review.count });
    const rows = await db.select().from(campaignRecipients).where(eq(campaignRecipients.email, `zoe-${stamp}@example.com`));
    expect(rows).toHaveLength(1);
  });

  it("a group text to an event's guests names who is left out for want of consent or a phone, with one guest's text", async () => {
    const stamp = `${Date.now().toString(36)}${++counter}`;
    await db.insert(community).values({ name: "Cora Consent", email: `cora-${stamp}@example.com`, phone: "(619) 555-3101", interest: "piano", consentAcceptedAt: new Date(), smsConsentAt: new Date() });
    const event = await eventWithGuests([
      { name: "Cora Consent", email: `cora-${stamp}@example.com`, phone: "(619) 555-3101" },
      { name: "Nell Noconsent", email: `nell-${stamp}@example.com`, phone: "(619) 555-3102" },
      { name: "Pia Nophone", email: `pia-${stamp}@example.com` },
    ]);
    const input = { audience: "event", eventId: event.id, message: "Hi {name}, doors at 7", campaign: "event_reminder", timing: "now" };
    const options = { starter, timeZone: "America/Los_Angeles", now: new Date("2026-12-10T20:00:00Z"), allowedCountries: ["US"] };
    const first = await createTextCampaign(db, admin, input, { ...options, review: { secret } });
    const review = reviewOf(first);
    expect(review.count).toBe(1);
    expect(review.leftOut).toEqual([
      { reason: "No SMS consent", count: 1, people: [`Nell Noconsent (nell-${stamp}@example.com)`] },
      { reason: "Gave no phone number", count: 1, people: [`Pia Nophone (pia-${stamp}@example.com)`] },
    ]);
    expect(review.sample.text).toBe("Hi Cora, doors at 7\nReply STOP to opt out");
    const sent = await createTextCampaign(db, admin, input, { ...options, review: { secret, confirm: review.token } });
    expect(sent).toMatchObject({ ok: true, queued: 1 });
  });

  it("a campaign that grants music access says so in its review, and opening a recipient's link gives them the full playlist", async () => {
    const stamp = `${Date.now().toString(36)}${++counter}`;
    const email = `gift-${stamp}@example.com`;
    await db.insert(community).values({ name: `Gia ${stamp}`, email, interest: "piano", consentAcceptedAt: new Date() });
    const input = { campaign: `gift_${stamp}`, subject: "Saved for a few friends", message: "Hi {{name}}: {{link}}", audience: "selected" as const, recipients: [email] };
    const options = { secret, publicUrl };
    const without = reviewOf(await createReviewedCampaign(db, admin, input, starter, options));
    expect(without.landing).toBe(campaignMessages.landingWithoutAccess);
    const withAccess = reviewOf(await createReviewedCampaign(db, admin, { ...input, grantsMusicAccess: "on" }, starter, options));
    expect(withAccess.landing).toBe(campaignMessages.landingWithAccess);
    // The review without the gift does not confirm the send with it.
    reviewOf(await createReviewedCampaign(db, admin, { ...input, grantsMusicAccess: "on", confirm: without.token }, starter, options));
    const sent = await createReviewedCampaign(db, admin, { ...input, grantsMusicAccess: "on", confirm: withAccess.token }, starter, options);
    expect(sent.ok).toBe(true);
    const [campaign] = await campaignsOf(`gift_${stamp}`);
    expect(campaign!.grantsMusicAccess).toBe(true);

    // The fan-out gives each recipient a personal link; here one is made by hand for the recipient row.
    const link = newToken();
    await db.update(campaignRecipients).set({ linkTokenHash: link.hash, linkExpiresAt: new Date(Date.now() + 86_400_000) }).where(eq(campaignRecipients.email, email));
    expect(await db.select().from(musicAccess).where(eq(musicAccess.email, email))).toHaveLength(0);
    expect(await redeemCampaignLink(db, link.token)).toMatchObject({ email, campaign: `gift_${stamp}` });
    expect(await db.select({ source: musicAccess.source }).from(musicAccess).where(eq(musicAccess.email, email))).toEqual([{ source: "campaign" }]);
  });
});
