import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, type DatabaseHandle } from "#app/lib/db.server";
import type { LegacyImportReport } from "#app/modules/legacy-import/legacy-report";
import { runImportCommand, type CommandRun } from "#tests/support/legacy-import";
import { runImportInProcess } from "#tests/support/legacy-import-in-process";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";

/**
 * Issue 35 §2 and §7: the import's files as documented (docs/legacy-sample/, the README, --help),
 * a wrong file refused before anything is written, dates without a zone on the venue's clock,
 * dates without a year said and never 2001, and old pending invitations keeping their time. --help
 * is `npm run import:legacy` in its own process; the other runs are the same command in this
 * test's process (runImportInProcess), into this run's database (embedded, or PostgreSQL with
 * DATABASE_URL).
 */
const root = path.resolve(import.meta.dirname, "../..");
const sampleFolder = path.join(root, "docs", "legacy-sample");
const DAY_MS = 86_400_000;

interface Target {
  env: { DATA_DIR?: string; DATABASE_URL?: string; UPLOADS_DIR: string };
  dispose(): Promise<void>;
}

async function newTarget(): Promise<Target> {
  const folder = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-contract-"));
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
const reportOf = (run: CommandRun): LegacyImportReport => JSON.parse(run.stdout) as LegacyImportReport;
const tableOf = (report: LegacyImportReport, table: string) => report.tables.find((entry) => entry.table === table)!;
const iso = (value: string | Date) => new Date(value).toISOString();

/** A CSV file as an export writes it, every cell a string. */
function writeCsv(folder: string, file: string, records: Record<string, string>[]) {
  writeFileSync(path.join(folder, file), Papa.unparse(records, { newline: "\n" }), "utf8");
}

describe("npm run import:legacy: the documented files", () => {
  let target: Target;
  beforeAll(async () => {
    target = await newTarget();
  });
  afterAll(async () => {
    await target?.dispose();
  });

  it("--help lists every file and column, generated from the contract", async () => {
    const run = await runImportCommand(["--help"], target.env);
    expect(run.code, run.stderr).toBe(0);
    for (const file of ["users.csv", "profiles.csv", "community.csv", "events_management.csv", "events.csv", "reservations.csv", "invitation_summary.csv"])
      expect(run.stdout).toContain(`\n${file}`);
    expect(run.stdout).toMatch(/\n {2}\* visitor_email +e-mail address/);
    expect(run.stdout).toContain("docs/legacy-sample/");
  });

  it("the sample folder dry-runs clean with exit 0", async () => {
    const dry = await runImportInProcess(["--from", sampleFolder, "--json"], target.env);
    expect(dry.code, dry.stderr).toBe(0);
    const dryReport = reportOf(dry);
    expect(dryReport.columns).toEqual([]);
    expect(dryReport.otherFiles).toEqual([]);
    for (const table of dryReport.tables) expect(table, table.table).toMatchObject({ present: true, read: 3, skipped: 0 });
    // Nothing in the sample is refused or changed, but the one pending invitation's note (valid or lapsed by today).
    expect(dryReport.lines.filter((line) => line.table !== "invitation_summary")).toEqual([]);
  });

  it("--apply imports what the sample shows", async () => {
    const run = await runImportInProcess(["--from", sampleFolder, "--apply", "--json"], target.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    expect(tableOf(report, "events")).toMatchObject({ merged: 3, new: 0 });
    await withTarget(target, async (handle) => {
      const accounts = await rows<{ email: string; name: string; email_verified: boolean; password: string | null }>(
        handle,
        sql`SELECT u.email, u.name, u.email_verified, a.password FROM "user" u LEFT JOIN account a ON a.user_id = u.id ORDER BY u.email`,
      );
      expect(accounts.map((row) => [row.email, row.name, row.email_verified, row.password?.slice(0, 7) ?? null])).toEqual([
        ["jonah@example.com", "Jonah Reyes", true, "$2b$10$"],
        ["maya.lin@example.com", "Maya Lin", true, "$2b$10$"],
        ["priya@example.com", "Priya Shah", false, null],
      ]);
      const profiles = await rows<{ full_name: string; bio: string | null; preferred_meditation_time: string; notification_preference: boolean }>(
        handle,
        sql`SELECT full_name, bio, preferred_meditation_time, notification_preference FROM profiles ORDER BY full_name`,
      );
      expect(profiles).toEqual([
        { full_name: "Jonah Reyes", bio: null, preferred_meditation_time: "morning", notification_preference: false },
        { full_name: "Maya Lin", bio: "Pianist at heart.", preferred_meditation_time: "evening", notification_preference: true },
        { full_name: "Priya Shah", bio: "Breath first,\nthen sound.", preferred_meditation_time: "night", notification_preference: true },
      ]);
      const community = await rows<{ email: string; phone: string | null; interest: string; created_at: string }>(
        handle,
        sql`SELECT email, phone, interest, created_at::text FROM community ORDER BY email`,
      );
      expect(community.map((row) => [row.email, row.phone, row.interest, iso(row.created_at)])).toEqual([
        ["ana@example.com", null, "candlelight-yoga", "2024-02-15T18:00:00.000Z"],
        ["maya.lin@example.com", "+16195550142", "piano", "2024-02-10T18:00:00.000Z"],
        ["sam@example.com", "+16195550143", "breathwork", "2024-02-11T18:00:00.000Z"],
      ]);
      const lists = await rows<{ list: string; email: string }>(
        handle,
        sql`SELECT 'newsletter' AS list, email FROM newsletter UNION ALL SELECT 'waitlist', email FROM waitlist UNION ALL SELECT 'music', email FROM music_access ORDER BY 1, 2`,
      );
      expect(lists.map((row) => `${row.list} ${row.email}`)).toEqual([
        "music maya.lin@example.com",
        "music priya@example.com",
        "music vip@example.com",
        "newsletter maya.lin@example.com",
        "newsletter news@example.com",
        "newsletter sam@example.com",
        "waitlist ana@example.com",
        "waitlist jonah@example.com",
        "waitlist wait@example.com",
      ]);
      const directory = await rows<{ email: string; interests: string[] }>(handle, sql`SELECT email, interests FROM user_profiles ORDER BY email`);
      expect(directory).toEqual([
        { email: "ivy@example.com", interests: ["all"] },
        { email: "maya.lin@example.com", interests: ["piano", "retreats"] },
        { email: "sam@example.com", interests: ["breathwork", "events"] },
      ]);
      // The three events of events_management.csv, each given its seat limit and address by the ticketed date of events.csv on its day.
      const events = await rows<{ title: string; starts_at: string; status: string; max_seats: number; seats_taken: number; slug: string; button: string | null; featured: boolean; sold_out: boolean }>(
        handle,
        sql`SELECT title, starts_at::text, status::text, max_seats, seats_taken, slug, button, featured, sold_out FROM events ORDER BY starts_at`,
      );
      expect(events.map((row) => ({ ...row, starts_at: iso(row.starts_at) }))).toEqual([
        { title: "Winter Solstice Sound Bath", starts_at: "2026-12-22T03:00:00.000Z", status: "draft", max_seats: 25, seats_taken: 3, slug: "winter-solstice-sound-bath-1797908400", button: "Guest List Full", featured: false, sold_out: true },
        { title: "Candlelight Piano Evening", starts_at: "2027-03-15T02:00:00.000Z", status: "published", max_seats: 40, seats_taken: 2, slug: "candlelight-piano-evening-1805076000", button: "Reserve Your Spot", featured: false, sold_out: false },
        { title: "Full Moon Meditation", starts_at: "2027-04-18T01:30:00.000Z", status: "published", max_seats: 30, seats_taken: 1, slug: "full-moon-meditation-1808011800", button: null, featured: true, sold_out: false },
      ]);
      const guests = await rows<{ title: string; visitor_email: string; seats: number; donation: string | null }>(
        handle,
        sql`SELECT e.title, r.visitor_email, r.seats, r.donation::text FROM reservations r JOIN events e ON e.id = r.event_id ORDER BY r.created_at`,
      );
      expect(guests).toEqual([
        { title: "Candlelight Piano Evening", visitor_email: "maya.lin@example.com", seats: 2, donation: "40.00" },
        { title: "Full Moon Meditation", visitor_email: "jonah@example.com", seats: 1, donation: null },
        { title: "Winter Solstice Sound Bath", visitor_email: "sam@example.com", seats: 3, donation: "20.00" },
      ]);
      const invitations = await rows<{ email: string; status: string; sent_at: string; expires_at: string }>(
        handle,
        sql`SELECT email, status::text, sent_at::text, expires_at::text FROM invitations ORDER BY email`,
      );
      expect(invitations.map((row) => [row.email, row.status, iso(row.sent_at), iso(row.expires_at)])).toEqual([
        ["ivy@example.com", "accepted", "2026-10-01T12:00:00.000Z", "2026-10-31T12:00:00.000Z"],
        ["olga@example.com", "pending", "2025-01-01T12:00:00.000Z", "2025-01-31T12:00:00.000Z"],
        ["pat@example.com", "pending", "2026-11-20T12:00:00.000Z", "2026-12-20T12:00:00.000Z"],
      ]);
    });
  });
});

describe("npm run import:legacy: a file without a required column", () => {
  let work: string;
  let target: Target;
  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-columns-"));
    // The sample, made the way the tester made theirs: an event's title called 'name', the guests' address 'email', a stray file.
    cpSync(sampleFolder, work, { recursive: true });
    const rename = (file: string, from: string, to: string) => {
      const parsed = Papa.parse<Record<string, string>>(readFileSync(path.join(work, file), "utf8"), { header: true, delimiter: ",", skipEmptyLines: "greedy" });
      writeCsv(work, file, parsed.data.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key === from ? to : key, value]))));
    };
    rename("events_management.csv", "title", "name");
    rename("reservations.csv", "visitor_email", "email");
    rename("community.csv", "interest", "Interest");
    writeCsv(work, "Newsletter-2024.csv", [{ email: "stray@example.com" }]);
    target = await newTarget();
  });
  afterAll(async () => {
    await target?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("the dry run reports each missing and unknown column by file and exits 1", async () => {
    const run = await runImportInProcess(["--from", work, "--json"], target.env);
    expect(run.code).toBe(1);
    const report = reportOf(run);
    expect(report.columns).toEqual([
      { table: "community", file: "community.csv", missing: [], unknown: ["Interest"], meant: { Interest: "interest" } },
      { table: "events_management", file: "events_management.csv", missing: ["title"], unknown: ["name"], meant: { name: "title" } },
      { table: "reservations", file: "reservations.csv", missing: ["visitor_email"], unknown: ["email"], meant: { email: "visitor_email" } },
    ]);
    expect(report.otherFiles).toEqual(["Newsletter-2024.csv"]);
    expect(run.stderr).toContain("events_management.csv: required column 'title' is missing (is 'name' it? then rename it 'title')");
    expect(run.stderr).toContain("reservations.csv: required column 'visitor_email' is missing");
  });

  it("the printed report names them too, before the counts", async () => {
    const printed = await runImportInProcess(["--from", work], target.env);
    expect(printed.code).toBe(1);
    expect(printed.stdout).toContain("community.csv: unknown column 'Interest', not read (did you mean 'interest'?)");
    expect(printed.stdout).toContain("Newsletter-2024.csv: not a file the import reads");
    expect(printed.stdout).toContain("--apply refuses until then");
  });

  it("--apply refuses, naming the file and the column, and writes nothing", async () => {
    const run = await runImportInProcess(["--from", work, "--apply"], target.env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--apply refused: nothing was written");
    expect(run.stderr).toContain("events_management.csv: required column 'title' is missing");
    expect(run.stderr).toContain("reservations.csv: required column 'visitor_email' is missing");
    await withTarget(target, async (handle) => {
      for (const table of ["import_runs", "legacy_ids", "events", "reservations", "community", "user", "invitations", "activity_log"]) {
        const [count] = await rows<{ n: number }>(handle, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`);
        expect(count!.n, table).toBe(0);
      }
    });
  });
});

describe("npm run import:legacy: dates without a zone or a year, and old invitations' time", () => {
  let work: string;
  let losAngeles: Target;
  let newYork: Target;
  const now = Date.now();
  const sentTenDaysAgo = new Date(now - 10 * DAY_MS);
  const sentFortyDaysAgo = new Date(now - 40 * DAY_MS);

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), "harmonia-legacy-dates-"));
    writeCsv(work, "events_management.csv", [
      { id: "1", title: "Spring Concert", date: "May 2nd, 2027", time: "7:00 PM", created_at: "2026-10-01 12:00:00+00" },
      { id: "2", title: "Undated Year", date: "Sept 14", time: "6:00 PM", created_at: "2026-03-01 12:00:00+00" },
    ]);
    writeCsv(work, "events.csv", [
      // Matches no managed event: it becomes its own, its time the venue's clock.
      { id: "20", name: "Pop-up Concert", event_date: "2027-06-05 19:30:00", max_seats: "20" },
      { id: "21", name: "Yearless Pop-up", event_date: "Sept 14 19:00", max_seats: "20" },
    ]);
    writeCsv(work, "community.csv", [
      { id: "1", name: "Zoe Zone", email: "zoe@example.com", created_at: "2024-02-10 18:00" },
      { id: "2", name: "Yara Year", email: "yara@example.com", created_at: "Sept 14" },
    ]);
    writeCsv(work, "invitation_summary.csv", [
      { email: "recent@example.com", first_name: "Rae", status: "pending", sent_at: sentTenDaysAgo.toISOString() },
      { email: "lapsed@example.com", first_name: "Lars", status: "pending", sent_at: sentFortyDaysAgo.toISOString() },
    ]);
    [losAngeles, newYork] = await Promise.all([newTarget(), newTarget()]);
  });
  afterAll(async () => {
    await losAngeles?.dispose();
    await newYork?.dispose();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  const importedDates = (target: Target) =>
    withTarget(target, async (handle) => ({
      events: Object.fromEntries(
        (await rows<{ title: string; starts_at: string }>(handle, sql`SELECT title, starts_at::text FROM events`)).map((row) => [row.title, iso(row.starts_at)]),
      ),
      community: Object.fromEntries(
        (await rows<{ email: string; created_at: string }>(handle, sql`SELECT email, created_at::text FROM community`)).map((row) => [row.email, iso(row.created_at)]),
      ),
      in2001: (await rows<{ n: number }>(handle, sql`SELECT ((SELECT count(*) FROM events WHERE starts_at < '2002-01-01') + (SELECT count(*) FROM community WHERE created_at < '2002-01-01'))::int AS n`))[0]!.n,
    }));

  it("in the site's zone by default: zone-less dates on the venue's clock, year-less ones said and not imported as 2001, a pending invitation keeping its 30 days", async () => {
    const run = await runImportInProcess(["--from", work, "--apply", "--json"], losAngeles.env);
    expect(run.code, run.stderr).toBe(0);
    const report = reportOf(run);
    const said = report.lines.map((line) => `${line.table} ${line.legacyId}: ${line.outcome}, ${line.reason}`);
    expect(said).toContain("events 21: skipped, event_date 'Sept 14 19:00' refused: it has no year");
    expect(said).toContain("community 2: changed, created_at 'Sept 14' left out: it has no year");
    expect(said).toContain("events_management 2: changed, date 'Sept 14' has no year: 2026 taken");
    expect(report.invitationsStillValid).toBe(1);

    const dates = await importedDates(losAngeles);
    expect(dates.events).toEqual({
      "Spring Concert": "2027-05-03T02:00:00.000Z",
      "Undated Year": "2026-09-15T01:00:00.000Z",
      "Pop-up Concert": "2027-06-06T02:30:00.000Z",
    });
    expect(dates.community["zoe@example.com"]).toBe("2024-02-11T02:00:00.000Z");
    // Its sign-up time unknown: when it was imported, never 2001.
    expect(new Date(dates.community["yara@example.com"]!).getTime()).toBeGreaterThanOrEqual(now - 60_000);
    expect(dates.in2001).toBe(0);

    await withTarget(losAngeles, async (handle) => {
      const invitations = await rows<{ email: string; status: string; sent_at: string; expires_at: string; valid: boolean }>(
        handle,
        sql`SELECT email, status::text, sent_at::text, expires_at::text, expires_at > now() AS valid FROM invitations ORDER BY email`,
      );
      expect(invitations.map((row) => [row.email, row.status, iso(row.sent_at), iso(row.expires_at), row.valid])).toEqual([
        ["lapsed@example.com", "pending", sentFortyDaysAgo.toISOString(), new Date(sentFortyDaysAgo.getTime() + 30 * DAY_MS).toISOString(), false],
        ["recent@example.com", "pending", sentTenDaysAgo.toISOString(), new Date(sentTenDaysAgo.getTime() + 30 * DAY_MS).toISOString(), true],
      ]);
    });
  });

  it("--venue-time-zone moves every zone-less date to that clock", async () => {
    const run = await runImportInProcess(["--from", work, "--apply", "--venue-time-zone", "America/New_York"], newYork.env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/Invitations still valid: 1 \(/);
    const dates = await importedDates(newYork);
    expect(dates.events).toEqual({
      "Spring Concert": "2027-05-02T23:00:00.000Z",
      "Undated Year": "2026-09-14T22:00:00.000Z",
      "Pop-up Concert": "2027-06-05T23:30:00.000Z",
    });
    expect(dates.community["zoe@example.com"]).toBe("2024-02-10T23:00:00.000Z");
    expect(dates.in2001).toBe(0);
  });
});
