import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { seedDemoContent } from "./seed-demo-content.server";

describe("the demo seed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const counts = () =>
    queryRows<{ newsletter: number; waitlist: number; invitations: number; events: number; reservations: number }>(
      database.handle.db,
      sql`select (select count(*)::int from newsletter) as newsletter, (select count(*)::int from waitlist) as waitlist,
        (select count(*)::int from invitations) as invitations, (select count(*)::int from events) as events,
        (select count(*)::int from reservations) as reservations`,
    );

  it("fills an empty database and changes nothing when run again", async () => {
    const { links } = await seedDemoContent(database.handle.db, "https://harmonia.example");
    const first = await counts();
    expect(first[0]?.newsletter).toBeGreaterThan(0);
    expect(first[0]?.waitlist).toBeGreaterThan(0);
    expect(first[0]?.invitations).toBe(3);
    expect(first[0]?.events).toBe(14);
    expect(first[0]?.reservations).toBe(8);
    expect(await seedDemoContent(database.handle.db, "https://harmonia.example")).toEqual({ added: true, links });
    expect(await counts()).toEqual(first);
  });

  it("gives the demo invitations random rids of their own, listed with their links", async () => {
    const other = await createTestDatabase();
    try {
      const { links: mine } = await seedDemoContent(database.handle.db, "https://harmonia.example");
      const { links: theirs } = await seedDemoContent(other.handle.db, "https://harmonia.example");
      expect(mine.map((link) => link.state)).toEqual(["pending", "accepted", "expired"]);
      const rids = (links: typeof mine) => links.map((link) => new URL(link.url).searchParams.get("rid"));
      for (const rid of [...rids(mine), ...rids(theirs)]) expect(rid).toMatch(/^[\w-]{32}$/);
      expect(rids(mine)).not.toEqual(rids(theirs));
      expect(new URL(mine[0]!.url).searchParams.get("email")).toBe("rosa.delgado@example.com");
    } finally {
      await other.dispose();
    }
  });
});
