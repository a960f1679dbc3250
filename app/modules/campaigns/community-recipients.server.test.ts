import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, unsubscribes } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { communityNameOf, listCommunityRecipients } from "./community-recipients.server";

// The composer reads the community list through the community module's door, and the unsubscribes beside it.
describe("the composer's community list", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 12, minutes));
    await db()
      .insert(community)
      .values([
        { name: "Ada Lovelace", email: "Ada@Example.com", interest: "events", consentAcceptedAt: at(0), createdAt: at(1) },
        { name: "Bea 100% Sure", email: "bea@example.com", interest: "music", consentAcceptedAt: at(0), createdAt: at(2) },
        { name: "Cy Under_Score", email: "cy@example.com", interest: "events", consentAcceptedAt: at(0), createdAt: at(3) },
      ]);
    await db().insert(unsubscribes).values({ email: "ada@example.com", source: "link" });
  });
  afterAll(() => database.dispose());

  it("lists everyone newest first with addresses lower-cased, whether each unsubscribed, the count and every interest", async () => {
    const list = await listCommunityRecipients(db(), {});
    expect(list.people.map((person) => [person.email, person.unsubscribed])).toEqual([
      ["cy@example.com", false],
      ["bea@example.com", false],
      ["ada@example.com", true],
    ]);
    expect(list.people[2]).toMatchObject({ name: "Ada Lovelace", interest: "events", joinedAt: "2026-11-01T12:01:00.000Z" });
    expect(list.total).toBe(3);
    expect(list.interests).toEqual(["events", "music"]);
  });

  it("narrows by interest and by a search taken literally, counts the matches, and stops at the limit", async () => {
    expect((await listCommunityRecipients(db(), { interest: "events" })).people.map((person) => person.email)).toEqual(["cy@example.com", "ada@example.com"]);
    expect((await listCommunityRecipients(db(), { search: "100%" })).people.map((person) => person.email)).toEqual(["bea@example.com"]);
    expect((await listCommunityRecipients(db(), { search: "a_a" })).people).toEqual([]);
    expect((await listCommunityRecipients(db(), { search: "ADA@" })).people.map((person) => person.email)).toEqual(["ada@example.com"]);
    const limited = await listCommunityRecipients(db(), { limit: 1 });
    expect(limited.people).toHaveLength(1);
    expect(limited.total).toBe(3);
  });

  it("names an address the list knows, in any letter case", async () => {
    expect(await communityNameOf(db(), " ADA@example.COM ")).toBe("Ada Lovelace");
    expect(await communityNameOf(db(), "nobody@example.com")).toBeNull();
  });
});
