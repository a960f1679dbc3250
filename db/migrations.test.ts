import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { queryRows, runMigrations } from "~/lib/db.server";
import { createTestDatabase, type TestDatabase } from "../tests/support/test-database";

// Runs on the embedded database by default and on PostgreSQL when DATABASE_URL is set;
// `npm test` in CI does both.
describe(`migrations on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("creates every table of the schema", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.handle.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    const tables = rows.map((row) => row.table_name);
    expect(tables).toEqual(expect.arrayContaining(["newsletter", "outbox", "waitlist"]));
  });

  it("records each committed migration once and is a no-op when run again", async () => {
    const journal = JSON.parse(readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
    await runMigrations(database.handle);
    await runMigrations(database.handle);
    const [applied] = await queryRows<{ count: number }>(
      database.handle.db,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied?.count).toBe(journal.entries.length);
  });

  it("enforces one subscription per e-mail whatever its letter case", async () => {
    const { db } = database.handle;
    await db.execute(sql`insert into newsletter (email) values ('Case@Example.com')`);
    await expect(db.execute(sql`insert into newsletter (email) values ('case@example.COM')`)).rejects.toMatchObject({
      cause: { code: "23505" },
    });
  });
});
