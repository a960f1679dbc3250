import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { audioEvents, campaignRecipients, campaigns, unsubscribes, user } from "#db/schema";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { campaignEngagement, communityStats, communityStatsSchema, MAX_STATS_EMAILS } from "./campaign-stats.server";
import { statsMessages } from "./campaign-messages";

describe("campaign statistics", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  async function campaign(tag: string, createdAt: Date, emails: string[]) {
    const [row] = await db()
      .insert(campaigns)
      .values({ kind: "community_magic_links", tag, subject: tag, bodyMarkdown: "{{link}}", createdByEmail: "boss@example.com", status: "completed", createdAt })
      .returning();
    await db().insert(campaignRecipients).values(emails.map((email) => ({ campaignId: row!.id, email, status: "sent" as const })));
    return row!;
  }
  const play = (values: Partial<typeof audioEvents.$inferInsert>) =>
    db().insert(audioEvents).values({ trackSrc: "/media/audio/a.mp3", trackTitle: "A", action: "play", position: 0, ...values });

  it("counts a campaign's listeners, plays and unsubscribes since it was sent, not an earlier send of the same name", async () => {
    const [ada, bea, cy] = [uniqueEmail("ada"), uniqueEmail("bea"), uniqueEmail("cy")];
    const earlier = await campaign("spring", hoursAgo(48), [ada]);
    const later = await campaign("spring", hoursAgo(2), [ada, bea, cy]);
    await play({ userEmail: ada, campaign: "spring", receivedAt: hoursAgo(30) });
    await play({ userEmail: ada, campaign: "spring", receivedAt: hoursAgo(1) });
    await play({ userEmail: ada, campaign: "spring", receivedAt: hoursAgo(1), position: 42 });
    await play({ userEmail: bea, campaign: "spring", receivedAt: hoursAgo(1) });
    await play({ userEmail: bea, campaign: "spring", receivedAt: hoursAgo(1), action: "pause", position: 1 });
    await play({ anonymousSessionId: "anon_1_abc", campaign: "spring", receivedAt: hoursAgo(1) });
    await play({ userEmail: cy, campaign: "autumn", receivedAt: hoursAgo(1) });
    await db().insert(unsubscribes).values([
      { email: cy, source: "one-click", createdAt: hoursAgo(1) },
      { email: bea, source: "link", createdAt: hoursAgo(40) },
    ]);

    const engagement = await campaignEngagement(db(), [earlier, later]);
    // Ada's two starts (one resumed in the middle is no play), Bea's start and an anonymous one.
    expect(engagement.get(later.id)).toEqual({ listeners: 2, plays: 3, unsubscribed: 1, bounced: 0, complaints: 0 });
    // The earlier send counts the plays of its name since then too; Bea and Cy were not its recipients.
    expect(engagement.get(earlier.id)).toEqual({ listeners: 2, plays: 4, unsubscribed: 0, bounced: 0, complaints: 0 });
    expect(await campaignEngagement(db(), [])).toEqual(new Map());
  });

  it("answers each address as given, compared trimmed and lower-cased: last click and the member's plays", async () => {
    const reader = uniqueEmail("reader");
    const [member] = await db().insert(user).values({ name: "Reader", email: reader }).returning();
    const first = await campaign("one", hoursAgo(10), [reader]);
    const second = await campaign("two", hoursAgo(5), [reader]);
    const lastClick = hoursAgo(4);
    await db().update(campaignRecipients).set({ clickedAt: hoursAgo(9) }).where(eq(campaignRecipients.campaignId, first.id));
    await db().update(campaignRecipients).set({ clickedAt: lastClick }).where(eq(campaignRecipients.campaignId, second.id));
    // Plays by user id (no address on the row) and by address count alike; a resume does not.
    await play({ userId: member!.id });
    await play({ userEmail: reader.toUpperCase() });
    await play({ userEmail: reader, position: 120 });

    const asked = ` ${reader.toUpperCase()} `;
    const stats = await communityStats(db(), [asked, "nobody@example.com"]);
    expect(stats.clickedMap[asked]).toBe(lastClick.toISOString());
    expect(stats.playCountMap[asked]).toBe(2);
    expect(stats).toMatchObject({ clickedMap: { "nobody@example.com": null }, playCountMap: { "nobody@example.com": 0 } });
    expect(await communityStats(db(), [])).toEqual({ clickedMap: {}, playCountMap: {} });
  });

  it("reads the request's addresses with a bound", () => {
    expect(communityStatsSchema.safeParse({ emails: ["a@example.com"] }).success).toBe(true);
    const tooMany = communityStatsSchema.safeParse({ emails: Array.from({ length: MAX_STATS_EMAILS + 1 }, () => "a@example.com") });
    expect(tooMany.error?.issues[0]?.message).toBe(statsMessages.tooMany(MAX_STATS_EMAILS));
    expect(communityStatsSchema.safeParse({ emails: "a@example.com" }).error?.issues[0]?.message).toBe(statsMessages.emailsList);
    expect(communityStatsSchema.safeParse(null).error?.issues[0]?.message).toBe(statsMessages.emailsList);
  });
});
