// `npm run bench:bounces`: 10,000 bounce and complaint messages (BENCH_BOUNCES) in a real IMAP
// mailbox (a private Dovecot, as the tests start it) read by one pass of the bounce poller — the
// very function the server runs — on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else the local
// server; a fresh database, dropped afterwards) and on the embedded database. Each message names an
// outbox message by its VERP token; 60% are RFC 3464 hard bounces, 30% soft (delayed) ones, 10% ARF
// complaints. Prints messages per second (target ≥ 200 on PostgreSQL) and the process's peak RSS
// (target ≤ 400 MB on PostgreSQL; BENCH_SKIP_PGLITE=1 skips the embedded run).
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, runMigrations, type Database } from "../app/lib/db.server";
import { pollBounceMailbox } from "../app/modules/deliverability/index.server";
import { messageToken } from "../app/modules/deliverability";
import { queueEmailBatch } from "../app/modules/messaging/index.server";
import { startDovecot } from "../tests/support/dovecot";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-and-ports.js";

const COUNT = Number(process.env.BENCH_BOUNCES ?? 10_000);
const TARGET_PER_SECOND = 200;
const TARGET_RSS_MB = 400;
const BOUNCE_ADDRESS = "bounces@example.org";
const fixtures = path.resolve(import.meta.dirname, "../tests/fixtures/bounces");
const templates = {
  hard: readFileSync(path.join(fixtures, "rfc3464-hard.eml"), "utf8"),
  soft: readFileSync(path.join(fixtures, "rfc3464-soft.eml"), "utf8"),
  complaint: readFileSync(path.join(fixtures, "rfc5965-complaint.eml"), "utf8"),
};

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);

async function run(label: string, db: Database) {
  const dovecot = await startDovecot();
  try {
    const ids: string[] = [];
    for (let start = 0; start < COUNT; start += 1000) {
      const batch = Array.from({ length: Math.min(1000, COUNT - start) }, (_, offset) => {
        const n = start + offset;
        return { kind: "campaign", to: `reader${n}@recipient.example`, subject: "News", html: "", text: "", idempotencyKey: `bench:${n}`, priority: "bulk" as const };
      });
      const written = await queueEmailBatch(db, batch);
      ids.push(...batch.map((email) => written.get(email.idempotencyKey)!));
    }
    const messages = ids.map((id, n) => {
      const template = n % 10 === 9 ? templates.complaint : n % 10 >= 6 ? templates.soft : templates.hard;
      const values: Record<string, string> = { TOKEN: messageToken(id), RECIPIENT: `reader${n}@recipient.example`, MESSAGE_ID: `<m${n}@example.org>`, BOUNCE_ID: `bench-${n}` };
      return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "").replace(/\r?\n/g, "\r\n");
    });
    dovecot.deliverToMaildir(messages);

    const started = performance.now();
    const result = await pollBounceMailbox({ db, mailboxUrl: dovecot.url, bounceAddress: BOUNCE_ADDRESS, leaseSeconds: 600 });
    const seconds = (performance.now() - started) / 1000;
    const [counts] = await queryRows<{ events: number; suppressed: number; unsubscribed: number }>(
      db,
      sql`select (select count(*) from bounce_events)::int as events, (select count(*) from suppressions)::int as suppressed,
        (select count(*) from unsubscribes)::int as unsubscribed`,
    );
    const rate = result.read / seconds;
    console.log(`${label}: ${result.read} messages read, ${result.recorded} recorded, ${result.duplicates} duplicates, ${result.ignored} ignored in ${seconds.toFixed(1)} s`);
    console.log(`  ${rate.toFixed(0)} messages/s${label.startsWith("PostgreSQL") ? ` (target ≥ ${TARGET_PER_SECOND}: ${rate >= TARGET_PER_SECOND ? "met" : "MISSED"})` : ""}`);
    console.log(`  bounce events ${counts!.events}, suppressed ${counts!.suppressed}, unsubscribed ${counts!.unsubscribed}`);
    const rssMb = peakRss / 1024 / 1024;
    console.log(`  peak RSS of this process so far: ${rssMb.toFixed(0)} MB${label.startsWith("PostgreSQL") ? ` (target ≤ ${TARGET_RSS_MB}: ${rssMb <= TARGET_RSS_MB ? "met" : "MISSED"})` : ""}`);
  } finally {
    await dovecot.stop();
  }
}

const postgresUrl = await createPostgresDatabase();
if (postgresUrl) {
  const handle = await openDatabase({ databaseUrl: postgresUrl });
  try {
    await runMigrations(handle);
    await run(`PostgreSQL (${new URL(postgresUrl).host})`, handle.db);
  } finally {
    await handle.close();
    await dropPostgresDatabase(postgresUrl);
  }
}
if (process.env.BENCH_SKIP_PGLITE !== "1") {
  const handle = await openDatabase({ dataDir: "memory://" });
  try {
    await runMigrations(handle);
    await run("Embedded database (PGlite)", handle.db);
  } finally {
    await handle.close();
  }
}
clearInterval(sampler);
// The embedded database runs inside this process (its WebAssembly heap counts in the RSS), so it goes
// second and the PostgreSQL figure above is the poller's own.
