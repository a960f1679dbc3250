// `npm run bench:import`: generates an attendee CSV of BENCH_ROWS rows (default 10,000: people on
// several rows, invalid rows, a TOTALS line, some members and unsubscribed addresses), and runs the
// import's two use cases on it (previewAttendeeImport, then importAttendees, the very functions
// the page calls) on a fresh embedded database and on PostgreSQL (BENCH_DATABASE_URL or
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers; a fresh database is
// created there and dropped afterwards). Prints the preview time (target ≤ 3 s), the confirm time,
// invitations created and e-mails queued in the outbox, and what re-importing the same file makes
// (must be 0), then the time to render a batch of the invitation e-mails as the sender would.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-and-ports.js";

process.env.NODE_ENV = "production";
const { sql } = await import("drizzle-orm");
const { openDatabase, runMigrations } = await import("../app/lib/db.server.ts");
const { outbox, unsubscribes, userProfiles } = await import("../db/schema/index.ts");
const { previewAttendeeImport } = await import("../app/modules/invitations/preview-attendee-import.server.ts");
const { importAttendees } = await import("../app/modules/invitations/import-attendees.server.ts");
const { invitationEmailRenderer, INVITATION_EMAIL } = await import("../app/modules/invitations/invitation-email.server.ts");

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const PREVIEW_TARGET_MS = 3000;
const actor = { id: randomUUID(), email: "bench-admin@harmonia.example" };

/**
 * The file: one row in 6 repeats an earlier person (another event), one in 50 has no usable
 * address, a TOTALS line closes it; 2% of the people are members already, 1% unsubscribed.
 */
function generateCsv(stamp) {
  const lines = ["Order #,First Name,Last Name,Email,City,State,Event Name,Event Start Date,Tickets"];
  const events = [
    ["Sunset Session", "9/14/2025 6:00 PM"],
    ["Spring Session", "2025-04-06"],
    ["Candlelight Yoga", "July 20th, 2025"],
    ["Full Moon Piano", "Oct 5th"],
  ];
  const people = [];
  for (let row = 0; row < rows - 1; row += 1) {
    const [event, date] = events[row % events.length];
    if (row % 50 === 49) {
      lines.push(`${row},Nobody,Here,no address given,,,${event},${date},1`);
      continue;
    }
    const repeat = row % 6 === 5 && people.length > 0;
    const person = repeat ? people[(row * 7919) % people.length] : { n: people.length, email: `attendee-${people.length}-${stamp}@example.com` };
    if (!repeat) people.push(person);
    lines.push(`${row},First${person.n},"Last, ${person.n}",${person.email},San Diego,CA,${event},${date},1`);
  }
  lines.push(`TOTALS,,,,,,,,${rows - 1}`);
  return { text: lines.join("\n"), people };
}

async function run(label, options) {
  const handle = await openDatabase(options);
  try {
    await runMigrations(handle);
    const db = handle.db;
    const stamp = Date.now().toString(36);
    const { text, people } = generateCsv(stamp);
    const members = people.filter((person) => person.n % 50 === 0);
    const gone = people.filter((person) => person.n % 100 === 7);
    for (let start = 0; start < members.length; start += 1000) {
      await db.insert(userProfiles).values(members.slice(start, start + 1000).map((person) => ({ email: person.email, firstName: `First${person.n}` })));
    }
    for (let start = 0; start < gone.length; start += 1000) {
      await db.insert(unsubscribes).values(gone.slice(start, start + 1000).map((person) => ({ email: person.email, source: "link" })));
    }
    const size = Buffer.byteLength(text);

    let started = performance.now();
    const preview = await previewAttendeeImport(db, actor, { fileName: "bench.csv", size, bytes: Buffer.from(text) });
    const previewMs = performance.now() - started;
    if (!preview.ok) throw new Error(`The preview failed: ${preview.message}`);

    started = performance.now();
    const confirmed = await importAttendees(db, actor, { importId: preview.preview.importId });
    const confirmMs = performance.now() - started;
    if (!confirmed.ok) throw new Error(`The confirmation failed: ${confirmed.message}`);
    const [queued] = await db.select({ count: sql`count(*)::int` }).from(outbox).where(sql`${outbox.kind} = ${INVITATION_EMAIL}`);

    started = performance.now();
    const again = await previewAttendeeImport(db, actor, { fileName: "bench.csv", size, bytes: Buffer.from(text) });
    const again2 = again.ok ? await importAttendees(db, actor, { importId: again.preview.importId }) : again;
    const reimportMs = performance.now() - started;
    const [queuedAfter] = await db.select({ count: sql`count(*)::int` }).from(outbox).where(sql`${outbox.kind} = ${INVITATION_EMAIL}`);

    // What the sender does per batch when it claims these rows: one query, then string work per message.
    const batch = await db.select().from(outbox).where(sql`${outbox.kind} = ${INVITATION_EMAIL}`).limit(500);
    started = performance.now();
    const rendered = await invitationEmailRenderer({ publicUrl: "https://harmonia.example" }).render(db, batch);
    const renderMs = performance.now() - started;

    const counts = preview.preview.counts;
    console.log(`${label}: ${rows} rows (${(size / 1024 / 1024).toFixed(2)} MB), ${preview.preview.people} people`);
    console.log(
      `  preview   ${Math.round(previewMs)} ms (target ≤ ${PREVIEW_TARGET_MS} ms: ${previewMs <= PREVIEW_TARGET_MS ? "met" : "MISSED"}); new ${counts.new}, merged ${counts.merged}, members ${counts.members}, unsubscribed ${counts.unsubscribed}, invited ${counts.invited}, invalid ${counts.invalid}`,
    );
    console.log(`  confirm   ${Math.round(confirmMs)} ms; invitations created ${confirmed.created}, e-mails queued ${confirmed.emailsQueued} (outbox rows: ${queued.count})`);
    console.log(
      `  re-import ${Math.round(reimportMs)} ms (preview + confirm); created ${again2.ok ? again2.created : "failed"}, new outbox rows ${queuedAfter.count - queued.count}`,
    );
    console.log(`  render    ${batch.length} invitation e-mails at delivery in ${Math.round(renderMs)} ms (${[...rendered.values()].filter((outcome) => "rendered" in outcome).length} rendered)\n`);
  } finally {
    await handle.close();
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-import-"));
try {
  await run("embedded database", { dataDir });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const databaseUrl = await createPostgresDatabase();
if (databaseUrl) {
  try {
    await run("PostgreSQL", { databaseUrl });
  } finally {
    await dropPostgresDatabase(databaseUrl);
  }
}
