import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { queryRows, type Database } from "#app/lib/db.server";
import { projectRoot } from "#app/lib/project-root.server";
import { activityLog, audioEvents, community, events, importRuns, userProfiles } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { buildEvent, buildReservation, venueTime } from "./factories/events";
import { insertReservations } from "#app/modules/reservations/index.server";
import { demoContentSummary, removeDemoContent } from "./demo-content.server";
import { seedDemoContent } from "./seed-demo-content.server";
import { demoTables } from "./demo-marks.server";

/**
 * Demo content and real data (docs/decisions/052): the seed marks every row it adds and adds
 * nothing to a database that holds anything else; Remove demo content takes every demo row and
 * only those. On the embedded database, and on PostgreSQL when DATABASE_URL is set.
 */
const admin = { id: "00000000-0000-4000-8000-0000000000a1", email: "founder@example.org", role: "admin" as const };

/** Rows per demo table, and how many of them carry no mark. */
async function tally(db: Database) {
  const counts: Record<string, { rows: number; unmarked: number }> = {};
  for (const table of demoTables) {
    const [row] = await queryRows<{ rows: number; unmarked: number }>(
      db,
      sql`select count(*)::int as rows,
        count(*) filter (where not exists (select 1 from demo_rows d where d.table_name = ${table} and d.row_id = t.id::text))::int as unmarked
        from ${sql.identifier(table)} t`,
    );
    counts[table] = row!;
  }
  return counts;
}

const marks = async (db: Database) =>
  (await queryRows<{ mark: string }>(db, sql`select table_name || ':' || row_id as mark from demo_rows order by 1`)).map((row) => row.mark);

describe("demo content", () => {
  let database: TestDatabase;
  let db: Database;
  beforeEach(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterEach(() => database.dispose());

  it("marks every row the seed adds", async () => {
    expect(await seedDemoContent(db, "https://harmonia.example")).toMatchObject({ added: true });
    const counts = await tally(db);
    expect(counts.events!.rows).toBe(14);
    for (const table of demoTables) expect(counts[table], table).toMatchObject({ unmarked: 0 });
    expect((await demoContentSummary(db)).present).toBe(true);
  });

  it("adds nothing to a database that holds an import from the old site", async () => {
    await db.insert(importRuns).values({ source: "/srv/export", startedAt: new Date(), counts: [], report: {} });
    const outcome = await seedDemoContent(db, "https://harmonia.example");
    expect(outcome).toMatchObject({ added: false, reason: "imported", links: [] });
    if (!outcome.added) expect(outcome.message).toMatch(/import from the old site.*whatever SEED_DEMO_CONTENT says/);
    expect(await marks(db)).toEqual([]);
    expect(Object.values(await tally(db)).every((count) => count.rows === 0)).toBe(true);
  });

  it("adds nothing to a database that holds a row a person made", async () => {
    await db.insert(community).values({ name: "Ana", email: "ana@example.org", interest: "live-piano", consentAcceptedAt: new Date() });
    expect(await seedDemoContent(db, "https://harmonia.example")).toMatchObject({ added: false, reason: "people" });
    expect((await tally(db)).events!.rows).toBe(0);
  });

  it("stops topping the demo up once a person has made a row beside it", async () => {
    await seedDemoContent(db, "https://harmonia.example");
    const [real] = await db
      .insert(events)
      .values(buildEvent({ title: "Our first real evening", startsAt: venueTime("America/Los_Angeles", 9, 19) }))
      .returning({ id: events.id });
    await db.execute(sql`delete from events where title = 'Garden Piano Meditation'`);
    expect(await seedDemoContent(db, "https://harmonia.example")).toMatchObject({ added: false, reason: "people" });
    const titles = (await db.select({ title: events.title }).from(events)).map((row) => row.title);
    expect(titles).not.toContain("Garden Piano Meditation");
    expect(titles).toContain("Our first real evening");
    expect(real).toBeDefined();
  });

  it("removes every demo row and only those, and logs it", async () => {
    await seedDemoContent(db, "https://harmonia.example");
    const [candlelight] = await db.select().from(events).where(sql`${events.title} = 'Candlelight Piano Meditation'`);
    const [real] = await db
      .insert(events)
      .values(buildEvent({ title: "Our first real evening", startsAt: venueTime("America/Los_Angeles", 9, 19) }))
      .returning({ id: events.id });
    // A visitor's reservation on a demo event goes with it; one on a real event stays.
    await insertReservations(db, [buildReservation(candlelight!.id, { visitorEmail: "visitor@example.org", seats: 1 })]);
    await insertReservations(db, [buildReservation(real!.id, { visitorEmail: "visitor@example.org", seats: 2 })]);
    // Someone tried the pending demo invitation: the acceptance's member row and the plays of its link are demo too.
    const [rosa] = await queryRows<{ rid: string }>(db, sql`select rid from invitations where email = 'rosa.delgado@example.com'`);
    await db.insert(userProfiles).values({ email: "rosa.delgado@example.com", firstName: "Rosa" });
    await db.insert(audioEvents).values([
      { trackSrc: "/media/audio/a.mp3", trackTitle: "A", action: "play", position: 0, rid: rosa!.rid },
      { trackSrc: "/media/audio/a.mp3", trackTitle: "A", action: "play", position: 0, userEmail: "someone@example.org" },
    ]);
    await db.insert(community).values({ name: "Ana", email: "ana@example.org", interest: "live-piano", consentAcceptedAt: new Date() });

    const before = await demoContentSummary(db);
    expect(before).toMatchObject({ present: true, reservations: 9, reservationsMadeHere: 1, invitations: 3, signUps: 5, members: 3, plays: 1 });
    expect(before.eventTitles).toHaveLength(14);

    expect(await removeDemoContent(db, { ...admin, role: "event-staff" })).toMatchObject({ ok: false, reason: "forbidden" });
    const removed = await removeDemoContent(db, admin);
    expect(removed).toMatchObject({ ok: true, removed: before });
    if (removed.ok) expect(removed.message).toContain("14 events; 9 reservations on them (1 made on this site); 3 invitations");

    const after = await tally(db);
    expect(after).toMatchObject({
      events: { rows: 1 },
      reservations: { rows: 1 },
      invitations: { rows: 0 },
      newsletter: { rows: 0 },
      waitlist: { rows: 0 },
      user_profiles: { rows: 0 },
      music_access: { rows: 0 },
    });
    expect(await marks(db)).toEqual([]);
    const [{ plays, people }] = (await queryRows<{ plays: number; people: number }>(
      db,
      sql`select (select count(*)::int from audio_events) as plays, (select count(*)::int from community) as people`,
    )) as [{ plays: number; people: number }];
    expect({ plays, people }).toEqual({ plays: 1, people: 1 });
    const [seatsTaken] = await db.select({ seatsTaken: events.seatsTaken }).from(events);
    expect(seatsTaken).toEqual({ seatsTaken: 2 });
    const log = await db.select().from(activityLog);
    expect(log).toEqual([
      expect.objectContaining({ kind: "demo.removed", actorEmail: admin.email, actorUserId: admin.id, after: expect.objectContaining({ events: 14, reservations: 9 }) }),
    ]);
    expect((await demoContentSummary(db)).present).toBe(false);
    expect(await removeDemoContent(db, admin)).toMatchObject({ ok: false, reason: "not-found" });
  });

  it("marks the rows an earlier, unmarking seed added, by the migration's data block, and nothing staff or an import made", async () => {
    await seedDemoContent(db, "https://harmonia.example");
    const seeded = await marks(db);
    // Staff's copy of a demo event keeps its title and description, but it is theirs.
    const [copy] = await db
      .insert(events)
      .values({ ...buildEvent({ title: "Garden Piano Meditation", startsAt: venueTime("America/Los_Angeles", 40, 18) }), description: "A small gathering among the roses: twelve mats, one piano, birdsong." })
      .returning({ id: events.id });
    await db.insert(activityLog).values({ actorEmail: admin.email, kind: "event.duplicated", subjectType: "event", subjectId: copy!.id });
    await db.execute(sql`delete from demo_rows`);

    const migration = readFileSync(path.join(projectRoot(), "db", "migrations", "0027_demo_rows.sql"), "utf8");
    const dataBlock = migration.slice(migration.indexOf("-- Hand-written data block"));
    for (const statement of dataBlock.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));

    expect(await marks(db)).toEqual(seeded);
  });
});
