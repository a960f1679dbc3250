import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/lib/db.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { musicAccess } from "#db/schema";
import { hasMusicAccess } from "./music-access.server";

describe("music access lookup", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.handle.db.insert(musicAccess).values({ email: "Listener@Example.com", source: "test" });
  });
  afterAll(() => database?.dispose());

  it("matches the e-mail case-insensitively", async () => {
    expect(await hasMusicAccess(database.handle.db, "listener@example.com")).toBe(true);
    expect(await hasMusicAccess(database.handle.db, " LISTENER@EXAMPLE.COM ")).toBe(true);
    expect(await hasMusicAccess(database.handle.db, "someone@example.com")).toBe(false);
  });

  it("answers no access when the lookup fails", async () => {
    // A database that has no tables: the query itself fails.
    const empty = await openDatabase({ dataDir: "memory://" });
    try {
      expect(await hasMusicAccess(empty.db, "listener@example.com")).toBe(false);
    } finally {
      await empty.close();
    }
  });
});
