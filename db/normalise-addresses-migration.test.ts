import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { readFileSync } from "node:fs";
import { queryRows } from "#app/lib/db.server";
import { unsubscribeAddress } from "#app/modules/consent/index.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

// Migration 0028 (docs/decisions/061): stored addresses normalised, collisions under a unique index
// resolved by the rule in its header. Its statements are run again here over rows written as the
// code before it wrote them.
describe(`migration 0028 on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  const db = () => database.handle.db;

  async function runMigration() {
    const statements = readFileSync("db/migrations/0028_normalise_addresses.sql", "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await db().execute(sql.raw(statement));
  }
  const emails = async (table: string) =>
    (await queryRows<{ email: string }>(db(), sql`select email from ${sql.identifier(table)} where email ilike '%example.%'`)).map((row) => row.email).sort();

  it("normalises stored addresses; where two rows would collide, one takes the address and the other keeps its spelling", async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes)).toISOString();
    // Unique on lower(email): 'ADA@…' holds the key, so it takes the address; ' Ada@…' stays as typed.
    await db().execute(sql`insert into newsletter (email, created_at) values (' Ada@Example.com', ${at(1)}), ('ADA@example.com', ${at(2)}),
      (' Bo@Example.org', ${at(3)}), ('bo@example.org ', ${at(4)}), ('Cy@Example.NET', ${at(5)})`);
    // Unique on email: 'ada.lovelace@…' already holds it; the other spelling stays; a lone one is normalised.
    await db().execute(sql`insert into unsubscribes (email, source, created_at) values ('Ada.Lovelace@Example.COM', 'link', ${at(1)}),
      ('ada.lovelace@example.com', 'link', ${at(2)}), (' Grace@Example.ORG', 'link', ${at(3)})`);
    await db().execute(sql`insert into "user" (name, email, created_at) values ('A', 'Dee@Example.com', ${at(1)}), ('B', 'dee@example.com', ${at(2)}),
      ('C', 'Eve@Example.com', ${at(3)}), ('D', 'EVE@example.com', ${at(4)})`);
    await db().execute(sql`insert into consents (email, purpose, text_version, source, granted) values (' Fay@Example.com', 'terms', 'v', 'profile', true)`);

    await runMigration();

    expect(await emails("newsletter")).toEqual([" Ada@Example.com", "ada@example.com", "bo@example.org", "bo@example.org ", "cy@example.net"].sort());
    expect(await emails("unsubscribes")).toEqual(["Ada.Lovelace@Example.COM", "ada.lovelace@example.com", "grace@example.org"].sort());
    // Two accounts that differ by case are never merged: the one already lower-case keeps it; of the
    // others the oldest takes the address.
    expect(await emails("user")).toEqual(["EVE@example.com", "Dee@Example.com", "dee@example.com", "eve@example.com"].sort());
    expect(await emails("consents")).toEqual(["fay@example.com"]);
  });

  it("lets an unsubscribe cancel bulk mail queued before it under any spelling", async () => {
    await db().execute(sql`insert into outbox (channel, kind, recipient, body_text, idempotency_key, priority) values
      ('email', 'campaign', 'Hal.Lovelace@Example.COM', 'x', 'old-1', 1), ('email', 'campaign', ' HAL.LOVELACE@EXAMPLE.COM ', 'x', 'old-2', 1),
      ('email', 'reservation-confirmation', 'Hal.Lovelace@Example.COM', 'x', 'old-3', 0), ('sms', 'reminder', '+16195550100', 'x', 'old-4', 1)`);
    await runMigration();
    await db().transaction((tx) => unsubscribeAddress(tx, { email: "hal.lovelace@example.com", source: "link" }));
    const rows = await queryRows<{ idempotency_key: string; recipient: string; status: string }>(
      db(),
      sql`select idempotency_key, recipient, status from outbox where idempotency_key like 'old-%' order by idempotency_key`,
    );
    expect(rows).toEqual([
      { idempotency_key: "old-1", recipient: "hal.lovelace@example.com", status: "cancelled" },
      { idempotency_key: "old-2", recipient: "hal.lovelace@example.com", status: "cancelled" },
      { idempotency_key: "old-3", recipient: "hal.lovelace@example.com", status: "pending" },
      { idempotency_key: "old-4", recipient: "+16195550100", status: "pending" },
    ]);
  });
});
