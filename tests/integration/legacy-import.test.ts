import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, runMigrations, type DatabaseHandle } from "#app/lib/db.server";
import { COSTLY_BCRYPT_HASH, hostileLegacyData, loadLegacyDatabase, messyLegacyData, writeLegacyCsvFolder, legacyPasswords } from "#tests/fixtures/legacy/legacy-data";
import { createLegacySourceDatabase, type CommandRun } from "#tests/support/legacy-import";
import { runImportInProcess } from "#tests/support/legacy-import-in-process";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { startTestServer } from "#tests/support/test-server";
import type { LegacyImportReport } from "#app/modules/legacy-import/legacy-report";

/**
 * `npm run import:legacy`'s command with the operator's arguments (in this test's process: the
 * spawned command is tested by legacy-import-contract's --help and moving-in.test.ts), from the fixture's old
 * database on the local PostgreSQL and from the same data as a CSV folder, into this run's database
 * (embedded or PostgreSQL). Every mapping rule is read back from the database it wrote.
 */
interface Target {
  env: { DATA_DIR?: string; DATABASE_URL?: string; UPLOADS_DIR: string };
  dispose(): Promise<void>;
}

async function newTarget(): Promise<Target> {
  const folder = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-target-"));
  const url = await createEmptyDatabase();
  return {
    env: { ...(url ? { DATABASE_URL: url } : { DATA_DIR: path.join(folder, "data") }), UPLOADS_DIR: path.join(folder, "uploads") },
    async dispose() {
      if (url) await dropDatabase(url);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Opens the target between runs (the embedded database takes one process at a time). */
async function withTarget<T>(target: Target, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase(target.env.DATABASE_URL ? { databaseUrl: target.env.DATABASE_URL } : { dataDir: target.env.DATA_DIR! });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const rows = <Row>(handle: DatabaseHandle, query: ReturnType<typeof sql>) => queryRows<Row>(handle.db, query);
const countOf = async (handle: DatabaseHandle, table: string) =>
  Number((await rows<{ n: number }>(handle, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]!.n);
const reportOf = (run: CommandRun): LegacyImportReport => JSON.parse(run.stdout) as LegacyImportReport;
const tableOf = (report: LegacyImportReport, table: string) => report.tables.find((entry) => entry.table === table)!;
const totalNew = (report: LegacyImportReport) => report.tables.reduce((sum, table) => sum + table.new, 0);

describe("npm run import:legacy", () => {
  let source: { url: string; drop(): Promise<void> };
  let work: string;
  let csvFolder: string;
  let imagesFolder: string;
  let target: Target;

  beforeAll(async () => {
    source = await createLegacySourceDatabase();
    await loadLegacyDatabase(source.url, messyLegacyData());
    work = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-"));
    csvFolder = path.join(work, "export");
    await writeLegacyCsvFolder(csvFolder, messyLegacyData());
    imagesFolder = path.join(work, "images");
    await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 30, b: 90 } } })
      .png()
      .toFile(path.join(await import("node:fs/promises").then((fs) => fs.mkdir(imagesFolder, { recursive: true }).then(() => imagesFolder)), "solstice.png"));
    target = await newTarget();
  });
  afterAll(async () => {
    await target?.dispose();
    await source?.drop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("exits 1 naming the source and what failed when it cannot be read", async () => {
    const missing = await runImportInProcess(["--from", path.join(work, "no-such-folder")], target.env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("no-such-folder");
    expect(missing.stderr).toContain("no such folder");
  });

  it("dry run: reports every table and writes nothing", async () => {
    const run = await runImportInProcess(["--from", source.url, "--json", "--images", imagesFolder, "--default-year", "2024"], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    expect(report.applied).toBe(false);
    expect(report.lines).toContainEqual({ table: "events_management", legacyId: "2", outcome: "changed", reason: "date 'Sept 14' has no year: 2024 taken" });
    expect(tableOf(report, "community")).toMatchObject({ read: 8, new: 6, merged: 1, skipped: 1 });
    expect(tableOf(report, "auth.users")).toMatchObject({ read: 5, new: 5 });
    await withTarget(target, async (handle) => {
      for (const table of ["community", "user", "account", "events", "reservations", "consents", "import_runs", "legacy_ids", "activity_log", "invitations", "outbox"])
        expect(await countOf(handle, table), table).toBe(0);
      // Someone unsubscribed here before the move: the import must not put them back.
      await handle.db.execute(sql`INSERT INTO unsubscribes (email, source) VALUES ('unsubscribed@example.com', 'link')`);
    });
    expect(existsSync(path.join(target.env.UPLOADS_DIR, "events"))).toBe(false);
  });

  it("a table missing from the source is reported, not an error", async () => {
    const partial = path.join(work, "partial");
    await writeLegacyCsvFolder(partial, { community: messyLegacyData().community! });
    const run = await runImportInProcess(["--from", partial, "--json"], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    expect(tableOf(report, "community")).toMatchObject({ present: true, read: 8 });
    expect(tableOf(report, "auth.users")).toMatchObject({ present: false, read: 0 });
    expect(report.lines).toContainEqual({ table: "reservations", legacyId: "-", outcome: "skipped", reason: "table not in the source" });
    const printed = await runImportInProcess(["--from", partial], target.env);
    expect(printed.stdout).toMatch(/^auth\.users\s+missing/m);
    expect(printed.stdout).toContain("Dry run: nothing was written.");
  });

  it("a failure half-way through --apply rolls everything back and exits 2", async () => {
    await withTarget(target, (handle) =>
      handle.executeSql(`
        CREATE FUNCTION refuse_reservations() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the disk is full (test)'; END $$;
        CREATE TRIGGER refuse_reservations BEFORE INSERT ON reservations FOR EACH ROW EXECUTE FUNCTION refuse_reservations();`),
    );
    const run = await runImportInProcess(["--from", source.url, "--apply"], target.env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("rolled back");
    expect(run.stderr).toContain("the disk is full (test)");
    await withTarget(target, async (handle) => {
      for (const table of ["community", "user", "account", "events", "consents", "import_runs", "legacy_ids", "activity_log", "invitations", "newsletter"])
        expect(await countOf(handle, table), table).toBe(0);
      await handle.executeSql("DROP TRIGGER refuse_reservations ON reservations; DROP FUNCTION refuse_reservations();");
    });
  });

  it("--apply maps every table by the rules, records the run and sends nothing", async () => {
    const run = await runImportInProcess(["--from", source.url, "--apply", "--json", "--images", imagesFolder], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    expect(report.applied).toBe(true);
    expect(tableOf(report, "community")).toMatchObject({ read: 8, new: 5, merged: 1, skipped: 2 });
    expect(tableOf(report, "newsletter")).toMatchObject({ read: 4, new: 2, merged: 1, skipped: 1 });
    expect(tableOf(report, "events")).toMatchObject({ read: 3, new: 1, merged: 2 });
    expect(tableOf(report, "reservations")).toMatchObject({ read: 6, new: 4, skipped: 2 });
    const reasons = report.lines.map((line) => `${line.table} ${line.legacyId}: ${line.reason}`);
    for (const expected of [
      /^community 4: invalid e-mail/,
      /^community 5: phone dropped: '12345'/,
      /^community 6: unsubscribed here/,
      /^events_management 2: date 'Sept 14' has no year: 2025 taken/,
      /^events_management 4: unparseable date 'TBA'/,
      /^events_management 6: image '\/images\/missing.jpg' missing/,
      /^events 11: oversold on the old site: max_seats raised from 4 to 6/,
      /^reservations 5: its event 99/,
      /^reservations 6: seats '12' outside 1 to 10/,
      /^auth.users 00000000-0000-4000-8000-000000000005: password dropped/,
      /name differs across tables: kept 'Maya Lin-Chen'/,
    ])
      expect(reasons.some((reason) => expected.test(reason)), String(expected)).toBe(true);

    await withTarget(target, async (handle) => {
      // People: one per address, joined at the earliest sign-up, newest name, phone in E.164.
      const signUps = await rows<{ email: string; name: string; phone: string | null; interest: string; created_at: string; sms_consent_at: string | null }>(
        handle,
        sql`SELECT email, name, phone, interest, created_at::text, sms_consent_at::text FROM community ORDER BY email`,
      );
      expect(signUps.map((row) => row.email)).toEqual(["ana@example.com", "deleted@example.com", "lee@example.com", "maya.lin@example.com", "sam@example.com"]);
      const maya = signUps.find((row) => row.email === "maya.lin@example.com")!;
      expect(maya).toMatchObject({ name: "Maya Lin-Chen", phone: "+16195550142", interest: "piano" });
      expect(new Date(maya.created_at).toISOString()).toBe("2024-02-10T18:00:00.000Z");
      expect(signUps.find((row) => row.email === "sam@example.com")!.phone).toBe("+16195550142");
      expect(signUps.find((row) => row.email === "lee@example.com")!.phone).toBeNull();
      expect(signUps.find((row) => row.email === "ana@example.com")!.interest).toBe("candlelight-yoga");

      // Consent: a row per imported sign-up, source import, version legacy, at its created_at.
      const mayaConsents = await rows<{ purpose: string; source: string; text_version: string; created_at: string; user_id: string | null }>(
        handle,
        sql`SELECT purpose::text, source::text, text_version, created_at::text, user_id::text FROM consents WHERE email = 'maya.lin@example.com' ORDER BY purpose`,
      );
      expect(mayaConsents.filter((row) => row.source === "import").map((row) => row.purpose).sort()).toEqual(["email_updates", "email_updates", "privacy", "sms", "terms"]);
      expect(mayaConsents.every((row) => row.text_version === "legacy" && row.user_id !== null)).toBe(true);
      expect(mayaConsents.some((row) => new Date(row.created_at).toISOString() === "2024-02-10T18:00:00.000Z")).toBe(true);
      const newsletterConsents = await rows<{ email: string }>(handle, sql`SELECT email FROM consents WHERE purpose = 'newsletter' AND source = 'import' ORDER BY email`);
      expect(newsletterConsents.map((row) => row.email)).toEqual(["news@example.com", "sam@example.com"]);
      expect(await rows(handle, sql`SELECT 1 FROM consents WHERE email = 'unsubscribed@example.com'`)).toHaveLength(0);
      expect(await rows(handle, sql`SELECT 1 FROM newsletter WHERE email = 'unsubscribed@example.com'`)).toHaveLength(0);

      // Lists.
      expect((await rows<{ email: string }>(handle, sql`SELECT email FROM waitlist ORDER BY email`)).map((row) => row.email)).toEqual(["maya.lin@example.com", "wait@example.com"]);
      expect((await rows<{ email: string; source: string }>(handle, sql`SELECT email, source FROM music_access ORDER BY email`))).toEqual([
        { email: "maya.lin@example.com", source: "import" },
        { email: "vip@example.com", source: "import" },
      ]);
      const directory = await rows<{ email: string; last_name: string; phone: string | null; interests: string[] }>(
        handle,
        sql`SELECT email, last_name, phone, interests FROM user_profiles ORDER BY email`,
      );
      expect(directory).toEqual([
        { email: "ivy@example.com", last_name: "Moss", phone: null, interests: ["all"] },
        { email: "maya.lin@example.com", last_name: "Lin-Chen", phone: "+16195550142", interests: ["piano", "retreats"] },
      ]);

      // Accounts: verified as on the old site, bcrypt kept as it is, no password for the others, no role imported.
      const accounts = await rows<{ email: string; email_verified: boolean; role: string; password: string | null }>(
        handle,
        sql`SELECT u.email, u.email_verified, u.role, a.password FROM "user" u LEFT JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential' ORDER BY u.email`,
      );
      expect(accounts.map((row) => [row.email, row.email_verified, row.role, row.password?.slice(0, 4) ?? null])).toEqual([
        ["argon@example.com", true, "member", null],
        ["jonah@example.com", true, "member", "$2b$"],
        ["linkonly@example.com", true, "member", null],
        ["maya.lin@example.com", true, "member", "$2a$"],
        ["priya@example.com", false, "member", "$2y$"],
      ]);
      const [profile] = await rows<{ full_name: string; bio: string; preferred_meditation_duration: string; preferred_meditation_time: string; notification_preference: boolean }>(
        handle,
        sql`SELECT p.full_name, p.bio, p.preferred_meditation_duration, p.preferred_meditation_time, p.notification_preference FROM profiles p JOIN "user" u ON u.id = p.user_id WHERE u.email = 'maya.lin@example.com'`,
      );
      expect(profile).toEqual({ full_name: "Maya Lin", bio: "Pianist at heart.", preferred_meditation_duration: "20", preferred_meditation_time: "evening", notification_preference: false });

      // Events: dates in the venue's zone, lifecycle from status and is_active, ticketed rows merged by day.
      const eventRows = await rows<{ title: string; starts_at: string; status: string; max_seats: number | null; seats_taken: number; slug: string; image: string; button: string | null; featured: boolean; sold_out: boolean; get_tickets_link: string | null }>(
        handle,
        sql`SELECT title, starts_at::text, status::text, max_seats, seats_taken, slug, image, button, featured, sold_out, get_tickets_link FROM events`,
      );
      const event = (title: string) => eventRows.find((row) => row.title === title)!;
      expect(eventRows).toHaveLength(8);
      expect(new Date(event("Candlelight Piano Evening").starts_at).toISOString()).toBe("2025-08-16T01:30:00.000Z");
      expect(event("Candlelight Piano Evening").button).toBe("Past Event");
      expect(new Date(event("Full Moon Meditation").starts_at).toISOString()).toBe("2025-09-15T01:00:00.000Z");
      expect(event("Full Moon Meditation")).toMatchObject({ max_seats: 30, slug: "full-moon-meditation-1757898000", seats_taken: 2 });
      expect(event("Winter Solstice Sound Bath")).toMatchObject({ status: "published", featured: true, max_seats: 6, seats_taken: 6, slug: "winter-solstice-1782097200" });
      expect(event("Winter Solstice Sound Bath").image).toMatch(/^\/media\/events\/[0-9a-f]{32}-800\.webp$/);
      expect(existsSync(path.join(target.env.UPLOADS_DIR, "events", path.basename(event("Winter Solstice Sound Bath").image)))).toBe(true);
      expect(event("Mystery Gathering").status).toBe("draft");
      expect(event("Old Hidden Event").status).toBe("archived");
      expect(event("Private Salon")).toMatchObject({ button: "Private Event", image: "/media/images/event-candlelight.svg", max_seats: null });
      expect(event("Spring Retreat")).toMatchObject({ status: "draft", sold_out: true, get_tickets_link: "https://tickets.example.com/spring" });
      expect(event("Pop-up Concert")).toMatchObject({ status: "published", max_seats: 20, seats_taken: 1 });

      // Reservations keep their guest, seats, donation and time.
      const guests = await rows<{ visitor_email: string; seats: number; donation: string | null; phone: string | null; title: string; created_at: string }>(
        handle,
        sql`SELECT r.visitor_email, r.seats, r.donation::text, r.phone, e.title, r.created_at::text FROM reservations r JOIN events e ON e.id = r.event_id ORDER BY r.created_at`,
      );
      expect(guests.map((row) => [row.visitor_email, row.seats, row.donation, row.phone, row.title])).toEqual([
        ["maya.lin@example.com", 2, "40.00", "+16195550142", "Full Moon Meditation"],
        ["jonah@example.com", 3, null, "+16195550144", "Winter Solstice Sound Bath"],
        ["sam@example.com", 3, "20.00", null, "Winter Solstice Sound Bath"],
        ["ivy@example.com", 1, "20.00", null, "Pop-up Concert"],
      ]);

      // Invitations: accepted ones as history, the others with their own time: 30 days from their sending.
      const invited = await rows<{ email: string; status: string; lifetime: string }>(
        handle,
        sql`SELECT email, status::text, (expires_at - sent_at)::text AS lifetime FROM invitations ORDER BY email`,
      );
      expect(invited).toEqual([
        { email: "ivy@example.com", status: "accepted", lifetime: "30 days" },
        { email: "old@example.com", status: "pending", lifetime: "30 days" },
        { email: "pending@example.com", status: "pending", lifetime: "30 days" },
      ]);

      // The run, one activity-log entry, and not one message.
      expect(await countOf(handle, "import_runs")).toBe(1);
      const log = await rows<{ kind: string; actor_email: string }>(handle, sql`SELECT kind, actor_email FROM activity_log`);
      expect(log).toEqual([{ kind: "legacy.imported", actor_email: "npm run import:legacy" }]);
      expect(await countOf(handle, "outbox")).toBe(0);

      // Someone staff delete here is not brought back by the next run.
      await handle.db.execute(sql`DELETE FROM community WHERE email = 'deleted@example.com'`);
    });
  });

  it("run again (from the CSV export of the same data) it creates nothing and changes nothing", async () => {
    const before = await withTarget(target, (handle) => snapshotOf(handle));
    const run = await runImportInProcess(["--from", csvFolder, "--apply", "--json", "--images", imagesFolder], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    expect(totalNew(report)).toBe(0);
    expect(tableOf(report, "community")).toMatchObject({ new: 0, unchanged: 5, skipped: 3 });
    expect(report.lines.some((line) => line.table === "community" && line.legacyId === "8" && /deleted here/.test(line.reason))).toBe(true);
    await withTarget(target, async (handle) => {
      expect(await snapshotOf(handle)).toEqual(before);
      expect(await countOf(handle, "import_runs")).toBe(2);
      expect(await countOf(handle, "outbox")).toBe(0);
    });
  });

  it("the CSV folder gives the same result as the database URL", async () => {
    const fromCsv = await newTarget();
    try {
      await withTarget(fromCsv, async (handle) => {
        await runMigrations(handle);
        await handle.db.execute(sql`INSERT INTO unsubscribes (email, source) VALUES ('unsubscribed@example.com', 'link')`);
      });
      const run = await runImportInProcess(["--from", csvFolder, "--apply", "--images", imagesFolder], fromCsv.env);
      expect(run.code, run.stderr).toBe(0);
      const csvSnapshot = await withTarget(fromCsv, (handle) => snapshotOf(handle));
      const urlSnapshot = await withTarget(target, (handle) => snapshotOf(handle));
      // The URL run's target has since lost deleted@example.com; compare everything else.
      expect({ ...csvSnapshot, community: csvSnapshot.community.filter((row) => !String(row).includes("deleted@")) }).toEqual(urlSnapshot);
    } finally {
      await fromCsv.dispose();
    }
  });

  it("a member signs in with the old site's password, which is then re-hashed with ours", async () => {
    const server = await startTestServer({ ...target.env, SEED_DEMO_CONTENT: "false", TRUST_PROXY: "true" });
    try {
      const signIn = (email: string, password: string) =>
        fetch(`${server.url}/login`, {
          method: "POST",
          redirect: "manual",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": "10.9.0.1" },
          body: new URLSearchParams({ intent: "password", email, password }),
        });
      const wrong = await signIn("maya.lin@example.com", "not her password");
      expect(wrong.status).toBe(400);
      const first = await signIn("Maya.Lin@example.com", legacyPasswords.maya);
      expect(first.status).toBe(302);
      expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("harmonia.session_token="))).toBe(true);
      const second = await signIn("maya.lin@example.com", legacyPasswords.maya);
      expect(second.status).toBe(302);
      const jonah = await signIn("jonah@example.com", legacyPasswords.jonah);
      expect(jonah.status).toBe(302);
    } finally {
      await server.stop();
    }
    await withTarget(target, async (handle) => {
      const passwords = await rows<{ email: string; password: string }>(
        handle,
        sql`SELECT u.email, a.password FROM account a JOIN "user" u ON u.id = a.user_id ORDER BY u.email`,
      );
      const maya = passwords.find((row) => row.email === "maya.lin@example.com")!.password;
      expect(maya.startsWith("$2")).toBe(false);
      expect(maya).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
      expect(passwords.find((row) => row.email === "priya@example.com")!.password.startsWith("$2y$")).toBe(true);
    });
  });
});

/** What the import wrote, without the ids and times it makes up itself. */
async function snapshotOf(handle: DatabaseHandle) {
  const all = async (query: ReturnType<typeof sql>) => (await queryRows<Record<string, unknown>>(handle.db, query)).map((row) => JSON.stringify(row));
  return {
    community: await all(sql`SELECT email, name, phone, interest, created_at::text, sms_consent_at::text FROM community ORDER BY email`),
    users: await all(sql`SELECT u.email, u.name, u.email_verified, a.password FROM "user" u LEFT JOIN account a ON a.user_id = u.id ORDER BY u.email`),
    profiles: await all(sql`SELECT full_name, bio, preferred_meditation_duration, notification_preference FROM profiles ORDER BY full_name`),
    consents: await all(sql`SELECT email, purpose::text, source::text, text_version, created_at::text FROM consents ORDER BY email, purpose, created_at`),
    lists: await all(sql`SELECT 'newsletter' AS list, email, created_at::text FROM newsletter UNION ALL SELECT 'waitlist', email, created_at::text FROM waitlist UNION ALL SELECT 'music', email, null FROM music_access ORDER BY 1, 2`),
    directory: await all(sql`SELECT email, first_name, last_name, phone, interests FROM user_profiles ORDER BY email`),
    events: await all(sql`SELECT title, slug, starts_at::text, status::text, max_seats, seats_taken, image, button, featured, sold_out FROM events ORDER BY title`),
    reservations: await all(sql`SELECT e.title, r.visitor_name, r.visitor_email, r.phone, r.seats, r.donation::text, r.created_at::text FROM reservations r JOIN events e ON e.id = r.event_id ORDER BY r.created_at`),
    invitations: await all(sql`SELECT email, status::text, sent_at::text, accepted_at::text FROM invitations ORDER BY email`),
  };
}

describe("npm run import:legacy on a later export", () => {
  let source: { url: string; drop(): Promise<void> };
  let target: Target;

  beforeAll(async () => {
    source = await createLegacySourceDatabase();
    await loadLegacyDatabase(source.url, messyLegacyData());
    target = await newTarget();
  });
  afterAll(async () => {
    await target?.dispose();
    await source?.drop();
  });

  it("keeps an address whose newest answer here is a withdrawal off the list, and later adds only what is new", async () => {
    // Before the move, news@example.com said no to the newsletter here (a profile's box, a newer row than any 'yes').
    await withTarget(target, async (handle) => {
      await runMigrations(handle);
      await handle.db.execute(
        sql`INSERT INTO consents (email, purpose, text_version, source, granted) VALUES ('news@example.com', 'newsletter', 'test', 'profile', false)`,
      );
    });
    const first = await runImportInProcess(["--from", source.url, "--apply", "--json"], target.env);
    expect(first.code, first.stderr).toBe(0);
    expect(reportOf(first).lines.some((line) => line.table === "newsletter" && /news@example\.com/.test(line.legacyId) && /unsubscribed here/.test(line.reason))).toBe(true);
    const seatsOf = (handle: DatabaseHandle) =>
      rows<{ seats_taken: number }>(
        handle,
        sql`SELECT e.seats_taken FROM events e JOIN legacy_ids l ON l.target_id = e.id::text AND l.target_table = 'events' WHERE l.source_table = 'events' AND l.legacy_id = '12'`,
      );
    await withTarget(target, async (handle) => {
      expect(await rows(handle, sql`SELECT 1 FROM newsletter WHERE lower(email) = 'news@example.com'`)).toEqual([]);
      // The pop-up concert (ticketed event 12, matched to no managed event) took Ivy's one seat; the group of 12 was refused.
      expect((await seatsOf(handle))[0]?.seats_taken).toBe(1);
    });

    // The old site kept running for a week: a new sign-up and a new reservation for an event already moved.
    const client = new (await import("pg")).default.Client({ connectionString: source.url });
    await client.connect();
    try {
      await client.query(`INSERT INTO community (id, name, email, phone, interest, created_at) VALUES (9, 'Nia Late', 'late@example.com', null, 'piano', '2026-11-20T12:00:00Z')`);
      await client.query(
        `INSERT INTO reservations (id, event_id, visitor_name, visitor_email, phone, seats, donation, created_at) VALUES (7, 12, 'Nia Late', 'late@example.com', null, 2, null, '2026-11-21T12:00:00Z')`,
      );
    } finally {
      await client.end();
    }
    const later = await runImportInProcess(["--from", source.url, "--apply", "--json"], target.env);
    expect(later.code, later.stderr).toBe(0);
    const report = reportOf(later);
    expect(totalNew(report)).toBe(2);
    expect(tableOf(report, "community")).toMatchObject({ new: 1 });
    expect(tableOf(report, "reservations")).toMatchObject({ new: 1 });
    await withTarget(target, async (handle) => {
      expect(await rows(handle, sql`SELECT email FROM community WHERE email = 'late@example.com'`)).toHaveLength(1);
      // The later reservation joined the event imported by the first run, and its seats count.
      expect((await seatsOf(handle))[0]?.seats_taken).toBe(3);
      expect(await countOf(handle, "import_runs")).toBe(2);
      expect(await countOf(handle, "outbox")).toBe(0);
    });
  });
});

describe("npm run import:legacy on rows no form would take (issue 34)", () => {
  let work: string;
  let target: Target;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-hostile-"));
    await writeLegacyCsvFolder(path.join(work, "export"), hostileLegacyData());
    // The images folder, a folder beside it whose name starts the same, and links out of the first.
    const picture = (file: string, r: number) => sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 30, b: 90 } } }).png().toFile(file);
    mkdirSync(path.join(work, "images"));
    mkdirSync(path.join(work, "images-secret"));
    await picture(path.join(work, "images", "good.png"), 40);
    await picture(path.join(work, "images-secret", "x.png"), 200);
    symlinkSync("/etc/passwd", path.join(work, "images", "passwd.jpg"));
    symlinkSync(path.join(work, "images-secret", "x.png"), path.join(work, "images", "outside.png"));
    target = await newTarget();
  });
  afterAll(async () => {
    await target?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("refuses or cleans each by the forms' rules, lists each by row, and imports the good rows", async () => {
    const run = await runImportInProcess(["--from", path.join(work, "export"), "--apply", "--json", "--images", path.join(work, "images")], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    const line = (table: string, legacyId: string) => report.lines.filter((entry) => entry.table === table && entry.legacyId === legacyId).map((entry) => `${entry.outcome}: ${entry.reason}`);
    const defaultImage = "/media/images/event-candlelight.svg";

    expect(line("events_management", "2")).toEqual([`changed: image '../images-secret/x.png' refused: it leads out of the --images folder: the default image is used`]);
    expect(line("events_management", "3")).toEqual([`changed: image 'passwd.jpg' refused: it is a symbolic link (only files in the folder itself are read): the default image is used`]);
    expect(line("events_management", "4")).toEqual([`changed: image 'outside.png' refused: it is a symbolic link (only files in the folder itself are read): the default image is used`]);
    expect(line("events_management", "5")).toEqual(["changed: get_tickets_link 'http://tickets.example.com/plain' left out: Tickets link must be a full address starting with https://"]);
    expect(line("events_management", "6")).toEqual([`skipped: title '${"x".repeat(60)}… (10,240 characters)' refused: At most 200 characters`]);
    expect(line("events_management", "7")).toEqual(["changed: title: control characters taken out"]);
    expect(line("events_management", "8")).toEqual([expect.stringMatching(/^changed: image '\/media\/images\/unknown\.svg' missing from .*: the default image is used$/)]);
    expect(line("events_management", "9")).toEqual([expect.stringMatching(/^changed: image 'https:\/\/tracker\.example\/pixel\.gif' missing from .*: the default image is used$/)]);
    expect(line("events_management", "1")).toEqual([]);
    expect(line("events_management", "10")).toEqual([]);
    expect(line("auth.users", "00000000-0000-4000-8000-000000000065")).toEqual([
      "changed: password dropped: bcrypt cost 15 is above 14 (checking it would hold up the sign-in); the member signs in by e-mailed link",
    ]);
    expect(line("community", "1")).toEqual(["changed: name: control characters taken out"]);
    expect(tableOf(report, "events_management")).toMatchObject({ read: 10, new: 9, skipped: 1 });
    expect(tableOf(report, "auth.users")).toMatchObject({ read: 2, new: 2 });
    expect(tableOf(report, "community")).toMatchObject({ read: 2, new: 2 });

    await withTarget(target, async (handle) => {
      const eventRows = await rows<{ title: string; image: string; get_tickets_link: string | null }>(handle, sql`SELECT title, image, get_tickets_link FROM events ORDER BY title`);
      const byTitle = new Map(eventRows.map((row) => [row.title, row]));
      expect([...byTitle.keys()].sort()).toEqual(
        ["Bells and Whistles", "Good Evening", "Linked Picture", "Password Peek", "Plain Link", "Secret Escape", "Sunset Set", "Tracking Pixel", "Unknown Picture"].sort(),
      );
      // Only the picture inside the folder was read and stored; every other event has a picker image.
      const good = byTitle.get("Good Evening")!;
      expect(good).toMatchObject({ get_tickets_link: "https://tickets.example.com/good" });
      expect(good.image).toMatch(/^\/media\/events\/[0-9a-f]{32}-800\.webp$/);
      expect(byTitle.get("Sunset Set")!.image).toBe("/media/images/event-sunset.svg");
      for (const title of ["Secret Escape", "Password Peek", "Linked Picture", "Unknown Picture", "Tracking Pixel", "Plain Link"]) expect(byTitle.get(title)!.image, title).toBe(defaultImage);
      expect(byTitle.get("Plain Link")!.get_tickets_link).toBeNull();
      expect(new Set(readdirSync(path.join(target.env.UPLOADS_DIR, "events")).map((file) => file.slice(0, 32)))).toEqual(new Set([path.basename(good.image).slice(0, 32)]));

      const accounts = await rows<{ email: string; password: string | null }>(
        handle,
        sql`SELECT u.email, a.password FROM "user" u LEFT JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential' ORDER BY u.email`,
      );
      expect(accounts.map((row) => [row.email, row.password?.slice(0, 7) ?? null])).toEqual([
        ["cheap@example.com", "$2b$04$"],
        ["costly@example.com", null],
      ]);
      expect(accounts.some((row) => row.password === COSTLY_BCRYPT_HASH)).toBe(false);
      const signUps = await rows<{ email: string; name: string }>(handle, sql`SELECT email, name FROM community ORDER BY email`);
      expect(signUps).toEqual([
        { email: "good@example.com", name: "Good Name" },
        { email: "nia@example.com", name: "Nia Newline" },
      ]);
    });
  });
});
