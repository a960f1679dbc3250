// `npm run bench:bounces`: 10,000 bounce and complaint messages (BENCH_BOUNCES) in a real IMAP
// mailbox (a private Dovecot, as the tests start it), read by the production server's own bounce
// poller while the bench asks the server's /healthz every 20 ms. On PostgreSQL (BENCH_DATABASE_URL
// or DATABASE_URL, else the local server; a fresh database, dropped afterwards) and on the embedded
// database (BENCH_SKIP_PGLITE=1 skips it; BENCH_SKIP_POSTGRES=1 the other). Each ordinary message names an outbox message by its
// VERP token: 60% RFC 3464 hard bounces, 30% soft (delayed) ones, 10% ARF complaints. 1% are
// hostile (docs/decisions/051): 60,000-character report fields and headers, 1 MB bodies, MIME
// nested 5,000 deep, and messages over the 2 MB limit. Prints messages per second (target ≥ 200 on
// PostgreSQL), the server's peak RSS (target ≤ 400 MB on PostgreSQL) and /healthz latency while
// the poller works (target p99 ≤ 50 ms). Needs the production build (npm run build).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, runMigrations, type Database } from "#app/lib/db.server";
import { messageToken } from "#app/modules/deliverability";
import { queueEmailBatch } from "#app/modules/messaging/index.server";
import { startDovecot } from "#tests/support/dovecot";
import { startTestServer } from "#tests/support/test-server";
import { createPostgresDatabase, dropPostgresDatabase, peakRssMb } from "./postgres-and-ports.js";

const COUNT = Number(process.env.BENCH_BOUNCES ?? 10_000);
const TARGET_PER_SECOND = 200;
const TARGET_RSS_MB = 400;
const TARGET_HEALTHZ_P99_MS = 50;
const BOUNCE_ADDRESS = "bounces@example.org";
const PROCESSED_KEYWORD = "$HarmoniaProcessed";
const fixtures = path.resolve(import.meta.dirname, "../tests/fixtures/bounces");
const templates = {
  hard: readFileSync(path.join(fixtures, "rfc3464-hard.eml"), "utf8"),
  soft: readFileSync(path.join(fixtures, "rfc3464-soft.eml"), "utf8"),
  complaint: readFileSync(path.join(fixtures, "rfc5965-complaint.eml"), "utf8"),
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "").replace(/\r?\n/g, "\r\n");
}

/** The hostile shapes, in turn: each still names a real message by its token where it can. */
function hostile(n: number, token: string): string {
  const values = { TOKEN: token, RECIPIENT: `reader${n}@recipient.example`, MESSAGE_ID: `<m${n}@example.org>`, BOUNCE_ID: `bench-${n}` };
  switch (Math.floor(n / 100) % 5) {
    case 0:
      return fill(templates.complaint, { ...values, RECIPIENT: "x".repeat(60_000) });
    case 1:
      return `X-Padding: ${"<".repeat(60_000)}\r\n${fill(templates.hard, { ...values, RECIPIENT: "a@".repeat(30_000) })}`;
    case 2:
      return `From: MAILER-DAEMON@x.example\r\nTo: bounces+${token}@example.org\r\nSubject: failure notice\r\nMessage-ID: <big-${n}@x.example>\r\n\r\n550 5.1.1 gone\r\n${`${"5.".repeat(499)}\r\n`.repeat(1050)}`;
    case 3: {
      let nested = `From: MAILER-DAEMON@x.example\r\nTo: bounces+${token}@example.org\r\nSubject: Undelivered\r\nMessage-ID: <deep-${n}@x.example>\r\n`;
      for (let depth = 0; depth < 5000; depth++) nested += `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n`;
      return nested;
    }
    default:
      return `From: huge@x.example\r\nTo: bounces+${token}@example.org\r\nSubject: Undelivered\r\nMessage-ID: <huge-${n}@x.example>\r\n\r\n${`${"y".repeat(998)}\r\n`.repeat(2200)}`;
  }
}

async function queueMessages(db: Database): Promise<string[]> {
  const ids: string[] = [];
  for (let start = 0; start < COUNT; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, COUNT - start) }, (_, offset) => {
      const n = start + offset;
      return { kind: "campaign", to: `reader${n}@recipient.example`, subject: "News", html: "", text: "", idempotencyKey: `bench:${n}`, priority: "bulk" as const };
    });
    const written = await queueEmailBatch(db, batch);
    ids.push(...batch.map((email) => written.get(email.idempotencyKey)!));
  }
  return ids;
}

function messagesFor(ids: string[]): { messages: string[]; hostileCount: number } {
  let hostileCount = 0;
  const messages = ids.map((id, n) => {
    if (n % 100 === 50) {
      hostileCount++;
      return hostile(n, messageToken(id));
    }
    const template = n % 10 === 9 ? templates.complaint : n % 10 >= 6 ? templates.soft : templates.hard;
    return fill(template, { TOKEN: messageToken(id), RECIPIENT: `reader${n}@recipient.example`, MESSAGE_ID: `<m${n}@example.org>`, BOUNCE_ID: `bench-${n}` });
  });
  return { messages, hostileCount };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(label: string, database: { databaseUrl: string } | { dataDir: string }) {
  const handle = await openDatabase(database);
  await runMigrations(handle);
  const ids = await queueMessages(handle.db);
  await handle.close();

  const dovecot = await startDovecot();
  const dataDir = "dataDir" in database ? database.dataDir : mkdtempSync(path.join(tmpdir(), "harmonia-bench-bounces-"));
  try {
    const { messages, hostileCount } = messagesFor(ids);
    dovecot.deliverToMaildir(messages);
    const server = await startTestServer({
      DATA_DIR: dataDir,
      ...("databaseUrl" in database ? { DATABASE_URL: database.databaseUrl } : {}),
      SEED_DEMO_CONTENT: "false",
      MAIL_BOUNCE_ADDRESS: BOUNCE_ADDRESS,
      BOUNCE_MAILBOX_URL: dovecot.url,
      BOUNCE_POLL_SECONDS: "5",
    });
    try {
      // /healthz every 20 ms, one request at a time, for as long as the poller works.
      const latencies: number[] = [];
      const atRest: number[] = [];
      let sampling = true;
      let firstSeenAt = 0;
      const sampler = (async () => {
        while (sampling) {
          const started = performance.now();
          await fetch(`${server.url}/healthz`).then((response) => response.arrayBuffer());
          (firstSeenAt ? latencies : atRest).push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      let doneAt = 0;
      const deadline = Date.now() + 20 * 60_000;
      // One IMAP connection for the whole run, asked four times a second: the bench must not load
      // the machine it measures (a login and a search over the mailbox every 100 ms did).
      const counter = await dovecot.openKeywordCounter(PROCESSED_KEYWORD);
      while (Date.now() < deadline) {
        const counts = await counter.counts();
        if (!firstSeenAt && counts.with > 0) firstSeenAt = performance.now();
        if (counts.without === 0) {
          doneAt = performance.now();
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      await counter.close();
      sampling = false;
      await sampler;
      const rssMb = peakRssMb(server.process.pid!) ?? Number.NaN;
      if (!doneAt) throw new Error(`${label}: the poller did not finish within 20 minutes`);
      const seconds = (doneAt - firstSeenAt) / 1000;
      const rate = COUNT / seconds;
      const sorted = [...latencies].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      const onPostgres = label.startsWith("PostgreSQL");
      const rest = [...atRest].sort((a, b) => a - b);
      console.log(`${label}: ${COUNT} messages (${hostileCount} hostile) flagged in ${seconds.toFixed(1)} s (from the first batch flagged to the last)`);
      console.log(`  ${rate.toFixed(0)} messages/s${onPostgres ? ` (target ≥ ${TARGET_PER_SECOND}: ${rate >= TARGET_PER_SECOND ? "met" : "MISSED"})` : ""}`);
      console.log(
        `  /healthz while polling: ${sorted.length} requests, p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (target p99 ≤ ${TARGET_HEALTHZ_P99_MS}: ${p99 <= TARGET_HEALTHZ_P99_MS ? "met" : "MISSED"})`,
      );
      console.log(`  /healthz at rest before the first poll: ${rest.length} requests, p50 ${percentile(rest, 50).toFixed(1)} ms, p99 ${percentile(rest, 99).toFixed(1)} ms`);
      console.log(`  server's peak RSS: ${rssMb} MB${onPostgres ? ` (target ≤ ${TARGET_RSS_MB}: ${rssMb <= TARGET_RSS_MB ? "met" : "MISSED"})` : ""}`);
    } finally {
      await server.stop();
    }
    const after = await openDatabase(database);
    try {
      const [counts] = await queryRows<{ events: number; suppressed: number; unsubscribed: number; unmatched: number; oversized: number }>(
        after.db,
        sql`select (select count(*) from bounce_events)::int as events, (select count(*) from suppressions)::int as suppressed,
          (select count(*) from unsubscribes)::int as unsubscribed,
          (select count(*) from unmatched_reports where reason <> 'oversized')::int as unmatched,
          (select count(*) from unmatched_reports where reason = 'oversized')::int as oversized`,
      );
      console.log(
        `  bounce events ${counts!.events}, suppressed ${counts!.suppressed}, unsubscribed ${counts!.unsubscribed}, unmatched ${counts!.unmatched}, oversized ${counts!.oversized}`,
      );
    } finally {
      await after.close();
    }
  } finally {
    await dovecot.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgresUrl = process.env.BENCH_SKIP_POSTGRES === "1" ? undefined : await createPostgresDatabase();
if (postgresUrl) {
  try {
    await run(`PostgreSQL (${new URL(postgresUrl).host})`, { databaseUrl: postgresUrl });
  } finally {
    await dropPostgresDatabase(postgresUrl);
  }
}
if (process.env.BENCH_SKIP_PGLITE !== "1") {
  await run("Embedded database (PGlite)", { dataDir: mkdtempSync(path.join(tmpdir(), "harmonia-bench-bounces-db-")) });
}
