import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows } from "~/lib/db.server";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
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
    await seedDemoContent(database.handle.db);
    const first = await counts();
    expect(first[0]?.newsletter).toBeGreaterThan(0);
    expect(first[0]?.waitlist).toBeGreaterThan(0);
    expect(first[0]?.invitations).toBe(3);
    expect(first[0]?.events).toBe(13);
    expect(first[0]?.reservations).toBe(8);
    await seedDemoContent(database.handle.db);
    expect(await counts()).toEqual(first);
  });
});
