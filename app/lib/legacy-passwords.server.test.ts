import { randomUUID } from "node:crypto";
import bcrypt from "bcryptjs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, user } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { legacyAwarePasswords } from "./legacy-passwords.server";

/** Well formed, of cost 31: checking a password against it would take bcrypt days. */
const COST_31_HASH = "$2b$31$abcdefghijklmnopqrstuu0123456789ABCDEFGHIJKLMNOPQRSTU";

describe("signing in with a password brought from the old site", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  async function memberWithHash(hash: string): Promise<string> {
    const id = randomUUID();
    await database.handle.db.insert(user).values({ id, name: "Old Member", email: `${id}@example.com`, emailVerified: true, role: "member" });
    await database.handle.db.insert(account).values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
    return id;
  }
  const passwordOf = async (userId: string) => (await database.handle.db.select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]!.password;

  it("checks a bcrypt hash and replaces it with ours", async () => {
    const hash = bcrypt.hashSync("old-password", 4);
    const member = await memberWithHash(hash);
    const passwords = legacyAwarePasswords(database.handle.db);
    expect(await passwords.verify({ hash, password: "wrong" })).toBe(false);
    expect(await passwords.verify({ hash, password: "old-password" })).toBe(true);
    expect(await passwordOf(member)).not.toMatch(/^\$2/);
  });

  it("never checks a hash of a cost above 14 (the member signs in by link), so a sign-in cannot be held for days", async () => {
    const member = await memberWithHash(COST_31_HASH);
    expect(await legacyAwarePasswords(database.handle.db).verify({ hash: COST_31_HASH, password: "anything" })).toBe(false);
    expect(await passwordOf(member)).toBe(COST_31_HASH);
  });
});
