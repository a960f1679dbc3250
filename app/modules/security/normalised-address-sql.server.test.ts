import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/lib/db.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { normaliseAddress } from "./normalise-address";
import { normalisedAddressSql } from "./normalised-address-sql.server";

describe("normalisedAddressSql", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it.each([
    "ada@example.com",
    "Ada@Example.COM",
    "ada+news@example.com",
    "ada+one+two@example.com",
    "a.d.a@example.com",
    "A.D.A+x@Gmail.com",
    "a.da@googlemail.com",
    "+tag@example.com",
  ])("reads %s as normaliseAddress does", async (address) => {
    const [row] = await queryRows<{ normalised: string }>(
      database.handle.db,
      sql`select ${normalisedAddressSql(sql`${address}::text`)} as normalised`,
    );
    expect(row?.normalised).toBe(normaliseAddress(address));
  });
});
