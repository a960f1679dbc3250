import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioEvents, campaignRecipients, campaigns, events, outbox } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { campaignResults, exportCampaignResults } from "./campaign-results.server";

describe("each recipient's result of a campaign", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const staff = { id: "staff-results", email: "results@harmonia.example", role: "admin" as const };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("answers sent, failed with the server's reason, skipped with the reason, the click and the plays; searchable; and as CSV", async () => {
    const [event] = await db().insert(events).values(buildEvent({ title: "Results Evening", startsAt: new Date("2032-03-01T03:00:00Z") })).returning();
    const createdAt = new Date(Date.now() - 3_600_000);
    const [campaign] = await db()
      .insert(campaigns)
      .values({ kind: "event_attendees", tag: `event_attendees_${event!.id}`, subject: "Parking =cmd", bodyMarkdown: "Hi", createdByEmail: staff.email, status: "sending", createdAt })
      .returning();
    const [sentMessage, failedMessage] = await db()
      .insert(outbox)
      .values([
        { channel: "email", kind: "campaign", subject: "Parking", bodyText: "Hi", recipient: "ada@example.com", idempotencyKey: `r-${campaign!.id}-1`, status: "sent", sentAt: new Date() },
        { channel: "email", kind: "campaign", subject: "Parking", bodyText: "Hi", recipient: "bob@example.com", idempotencyKey: `r-${campaign!.id}-2`, status: "failed", lastError: "550 5.1.1 Mailbox unavailable" },
      ])
      .returning();
    await db()
      .insert(campaignRecipients)
      .values([
        { campaignId: campaign!.id, email: "ada@example.com", name: "Ada Lovelace", status: "queued", outboxMessageId: sentMessage!.id, clickedAt: new Date() },
        { campaignId: campaign!.id, email: "bob@example.com", name: "Bob Failed", status: "queued", outboxMessageId: failedMessage!.id },
        { campaignId: campaign!.id, email: "cy@example.com", name: "Cy Gone", status: "skipped", lastError: "Unsubscribed" },
      ]);
    await db().insert(audioEvents).values([
      { trackSrc: "/media/audio/a.mp3", trackTitle: "A", action: "play", position: 0, userEmail: "Ada@Example.com", campaign: campaign!.tag },
      { trackSrc: "/media/audio/a.mp3", trackTitle: "A", action: "play", position: 0, userEmail: "ada@example.com", campaign: campaign!.tag },
    ]);

    const results = await campaignResults(db(), staff, campaign!.id);
    if (!results.ok) throw new Error(results.message);
    expect(results.campaign.label).toBe("Guests of Results Evening");
    const byAddress = Object.fromEntries(results.recipients.map((row) => [row.address, row]));
    expect(byAddress["ada@example.com"]).toMatchObject({ result: "sent", plays: 2 });
    expect(byAddress["ada@example.com"]!.clickedAt).toBeInstanceOf(Date);
    expect(byAddress["ada@example.com"]!.sentAt).toBeInstanceOf(Date);
    expect(byAddress["bob@example.com"]).toMatchObject({ result: "failed", reason: "550 5.1.1 Mailbox unavailable", plays: 0, clickedAt: null });
    expect(byAddress["cy@example.com"]).toMatchObject({ result: "skipped", reason: "Unsubscribed" });

    const searched = await campaignResults(db(), staff, campaign!.id, { search: "bob" });
    expect(searched.ok && searched.recipients.map((row) => row.address)).toEqual(["bob@example.com"]);
    expect(searched.ok && [searched.matching, searched.total]).toEqual([1, 3]);
    // A % in the search is a character, not a wildcard.
    const wildcard = await campaignResults(db(), staff, campaign!.id, { search: "%" });
    expect(wildcard.ok && wildcard.matching).toBe(0);

    const exported = await exportCampaignResults(db(), staff, campaign!.id, { timeZone: "America/Los_Angeles" });
    if (!exported.ok) throw new Error(exported.message);
    expect(exported.filename).toBe("results-parking-cmd.csv");
    const lines = exported.csv.split("\r\n");
    expect(lines[0]).toBe("Name,Email,Result,Reason,Sent at,Clicked at,Plays");
    expect(exported.csv).toContain("Bob Failed,bob@example.com,Failed,550 5.1.1 Mailbox unavailable,,,0");
    expect(exported.csv).toMatch(/Ada Lovelace,ada@example\.com,Sent,,"?\w+ \d+\w\w, \d{4}, \d+:\d\d [AP]M"?,/);

    expect(await campaignResults(db(), staff, "not-a-uuid")).toMatchObject({ ok: false, reason: "not-found" });
    expect(await campaignResults(db(), staff, "00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, reason: "not-found" });
  });
});
