import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { defaultProfile, type ProfileValues } from "./profile";
import { getProfile, ProfileSaveError, saveProfile } from "./profile.server";

const values: ProfileValues = {
  fullName: "Clara Wieck",
  bio: "Evening listener.",
  preferredMeditationDuration: "45",
  preferredMeditationTime: "night",
  notificationPreference: false,
};

describe("profile storage", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const newUser = async (name: string) => {
    const [row] = await database.handle.db
      .insert(user)
      .values({ name, email: `${name.toLowerCase()}-${Date.now()}@example.com` })
      .returning({ id: user.id, name: user.name });
    return row!;
  };

  it("gives the defaults, with the account's name, before the first save", async () => {
    const owner = await newUser("Robert");
    expect(await getProfile(database.handle.db, owner)).toEqual(defaultProfile("Robert"));
  });

  it("keeps one row per member: a second save replaces the first", async () => {
    const { db } = database.handle;
    const owner = await newUser("Clara");
    await saveProfile(db, owner.id, { ...values, fullName: "First" });
    const [first] = await db.select().from(profiles).where(eq(profiles.userId, owner.id));
    await saveProfile(db, owner.id, values);
    const rows = await db.select().from(profiles).where(eq(profiles.userId, owner.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.updatedAt.getTime()).toBeGreaterThanOrEqual(first!.updatedAt.getTime());
    expect(await getProfile(db, owner)).toEqual(values);
  });

  it("refuses to save for an account that no longer exists", async () => {
    const error = await saveProfile(database.handle.db, "00000000-0000-4000-8000-000000000000", values).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProfileSaveError);
    expect((error as Error).message).toBe("You must be logged in to save your profile");
  });
});
