import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { tracks } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { seedTracks } from "./seed-tracks.server";

describe("the music library seed", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const library = () =>
    database.handle.db
      .select({ file: tracks.file, title: tracks.title, tier: tracks.tier, position: tracks.position })
      .from(tracks)
      .orderBy(asc(tracks.position));

  it("puts the four tracks in place with their tiers, and changes nothing when run again", async () => {
    await seedTracks(database.handle.db);
    const first = await library();
    expect(first).toEqual([
      { file: "still-water.mp3", title: "Still Water", tier: "public", position: 0 },
      { file: "candle-hours.mp3", title: "Candle Hours", tier: "friend", position: 1 },
      { file: "soledad-dusk.mp3", title: "Soledad at Dusk", tier: "member", position: 2 },
      { file: "slow-tide.mp3", title: "Slow Tide", tier: "member", position: 3 },
    ]);
    await seedTracks(database.handle.db);
    expect(await library()).toEqual(first);
  });
});
