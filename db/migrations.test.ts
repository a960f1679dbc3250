import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, queryRows, runMigrations } from "#app/lib/db.server";
import { events } from "./schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import { normaliseAddress } from "#app/modules/security/normalise-address";
import { createEmptyDatabase, createTestDatabase, dropDatabase, type TestDatabase } from "#tests/support/test-database";

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

  it("keys existing reservations by their address exactly as normaliseAddress does", async () => {
    const addresses = [
      "ada@example.com",
      "Ada@Example.COM",
      " ada+news@example.com ",
      "ada+one+two@example.com",
      "a.d.a@example.com",
      "A.D.A+x@Gmail.com",
      "a.da@googlemail.com",
      "+tag@example.com",
    ];
    const { db } = database.handle;
    const [event] = await db.insert(events).values(buildEvent({ title: "Backfill", startsAt: new Date() })).returning({ id: events.id });
    for (const address of addresses) {
      await db.execute(
        sql`insert into reservations (event_id, visitor_name, visitor_email, visitor_email_key, seats) values (${event!.id}, 'Guest', ${address}, 'unset', 1)`,
      );
    }
    // The backfill statement of the migration that added the key, run again over these rows.
    const migration = readFileSync("db/migrations/0004_reservation_address_key.sql", "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes("UPDATE"))!;
    await db.execute(sql.raw(backfill.replace(/^\s*--.*$/gm, "")));
    const rows = await queryRows<{ visitor_email: string; visitor_email_key: string }>(
      db,
      sql`select visitor_email, visitor_email_key from reservations where event_id = ${event!.id}`,
    );
    expect(rows).toHaveLength(addresses.length);
    for (const row of rows) expect(row.visitor_email_key, row.visitor_email).toBe(normaliseAddress(row.visitor_email));
  });
  it("starts each event's seat counter from its reservations, and survives events already over capacity", async () => {
    const { db } = database.handle;
    const [open, over, none] = await db
      .insert(events)
      .values([
        buildEvent({ title: "Counter open", startsAt: new Date(), maxSeats: 10 }),
        buildEvent({ title: "Counter over", startsAt: new Date(), maxSeats: 10 }),
        buildEvent({ title: "Counter none", startsAt: new Date(), maxSeats: 10 }),
      ])
      .returning({ id: events.id });
    // Rows as they stood before the counter: reservations inserted straight, counters at zero.
    for (const [eventId, seats] of [[open!.id, 3], [open!.id, 4], [over!.id, 6], [over!.id, 5]] as const) {
      await db.execute(
        sql`insert into reservations (event_id, visitor_name, visitor_email, visitor_email_key, seats) values (${eventId}, 'Guest', 'g@example.com', 'g@example.com', ${seats})`,
      );
    }
    // Migration 0006's backfill, capacity fix-up and constraint, run again over these rows as they
    // would meet them on an older database (without the constraint yet).
    const migration = readFileSync("db/migrations/0006_event_seat_counter.sql", "utf8");
    const statements = migration
      .split("--> statement-breakpoint")
      .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
      .filter((statement) => statement.startsWith("UPDATE") || statement.includes("events_seats_taken_within_max"));
    expect(statements).toHaveLength(3);
    await db.execute(sql`alter table events drop constraint events_seats_taken_within_max`);
    for (const statement of statements) await db.execute(sql.raw(statement));
    const rows = await queryRows<{ id: string; seats_taken: number; max_seats: number; sold_out: boolean }>(
      db,
      sql`select id, seats_taken, max_seats, sold_out from events where id in (${open!.id}, ${over!.id}, ${none!.id})`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(open!.id)).toMatchObject({ seats_taken: 7, max_seats: 10, sold_out: false });
    expect(byId.get(over!.id)).toMatchObject({ seats_taken: 11, max_seats: 11, sold_out: true });
    expect(byId.get(none!.id)).toMatchObject({ seats_taken: 0, max_seats: 10, sold_out: false });
  });

  it("turns the two flags into one lifecycle: an inactive (deleted) event becomes archived, whatever its status (0017)", async () => {
    // A database migrated up to 0016, as an installation stood before the lifecycle, with rows of each kind.
    const folder = mkdtempSync(path.join(tmpdir(), "harmonia-migrations-"));
    const url = await createEmptyDatabase();
    const handle = await openDatabase(url ? { databaseUrl: url } : { dataDir: "memory://" });
    try {
      cpSync("db/migrations", folder, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
      const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith("0017_"));
      expect(upTo).toBeGreaterThan(0);
      writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
      if (handle.driver === "pglite") await migratePglite(handle.db as never, { migrationsFolder: folder });
      else await migratePostgres(handle.db as never, { migrationsFolder: folder });

      const rows = [
        ["Kept draft", "draft", true, 3],
        ["Kept published", "published", true, 1],
        ["Deleted published", "published", false, 2],
        ["Deleted draft", "draft", false, 0],
      ] as const;
      for (const [title, status, active, order] of rows) {
        await handle.db.execute(
          sql`insert into events (title, slug, starts_at, description, image, status, is_active, display_order)
              values (${title}, ${title.toLowerCase().replace(/ /g, "-")}, now(), 'd', '/i.svg', ${status}, ${active}, ${order})`,
        );
      }

      await runMigrations(handle);
      const after = await queryRows<{ title: string; status: string }>(handle.db, sql`select title, status::text as status from events order by title`);
      expect(Object.fromEntries(after.map((row) => [row.title, row.status]))).toEqual({
        "Kept draft": "draft",
        "Kept published": "published",
        "Deleted published": "archived",
        "Deleted draft": "archived",
      });
      const columns = await queryRows<{ column_name: string }>(
        handle.db,
        sql`select column_name from information_schema.columns where table_name = 'events' and column_name in ('is_active', 'display_order', 'status')`,
      );
      expect(columns.map((column) => column.column_name)).toEqual(["status"]);
      // A new row still starts as a draft.
      await handle.db.insert(events).values({ ...buildEvent({ title: "After the lifecycle", startsAt: new Date() }), status: undefined });
      const [fresh] = await queryRows<{ status: string }>(handle.db, sql`select status::text as status from events where title = 'After the lifecycle'`);
      expect(fresh?.status).toBe("draft");
    } finally {
      await handle.close();
      if (url) await dropDatabase(url);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
