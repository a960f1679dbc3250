// `npm run bench:campaign`: a campaign to BENCH_RECIPIENTS community members (default 10,000)
// over HTTP against the production server (`node server/main.js`, run `npm run build` first), with
// its SMTP pointed at a sink in this process (tests/support/smtp-sink.ts). The members are written
// straight into a fresh database; an admin signs in by e-mailed link and sends to the whole
// community with POST /api/sendMagicLinksToCommunity. Measured: the time from 'Send' to the last
// delivery (target ≤ 30 s on PostgreSQL), the server's peak RSS, duplicates (a recipient given two
// different messages) and missing recipients, both of which must be 0. A second run kills the
// server with SIGKILL at about half delivered and starts it again on the same database: still no
// duplicate and nobody missing (a message whose send the kill cut off comes back once its sender's
// 60 s lease runs out, with the same Message-ID; those repeats are counted apart). Each run is on a
// fresh embedded database and on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else
// postgres://postgres@127.0.0.1:5432/test when it answers; a database is created and dropped there).
// MAIL_MAX_CONNECTIONS and MAIL_RATE_PER_SECOND pass through to the server. The figures are printed as a table.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, dropPostgresDatabase, freePort, peakRssMb } from "./postgres-and-ports.js";

process.env.NODE_ENV = "production";
const { community } = await import("#db/schema/index.ts");
const { openDatabase, runMigrations } = await import("#app/lib/db.server.ts");
const { SmtpSink } = await import("#tests/support/smtp-sink.ts");
const { signInOverHttp } = await import("#tests/support/http-session.ts");

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const count = Number(process.env.BENCH_RECIPIENTS ?? 10_000);
const TARGET_SECONDS = { PostgreSQL: 30 };
const ADMIN = "bench-admin@example.com";
const SUBJECT = "Bench campaign";
/** Long enough for a restart and a dead sender's 60 s lease on a busy machine. */
const RUN_LIMIT_MS = 15 * 60_000;

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("bench:campaign runs the production build: run `npm run build` first.");
  process.exit(1);
}

/** The community list the campaign goes to, written in batches before the server starts. */
async function seedCommunity(databaseEnv) {
  const handle = await openDatabase(databaseEnv.DATABASE_URL ? { databaseUrl: databaseEnv.DATABASE_URL } : { dataDir: databaseEnv.DATA_DIR });
  try {
    await runMigrations(handle);
    const consentAcceptedAt = new Date();
    for (let start = 0; start < count; start += 1000) {
      const rows = [];
      for (let index = start; index < Math.min(count, start + 1000); index += 1) {
        rows.push({ name: `Bench Member ${index}`, email: `member-${index}@bench.example`, interest: "piano", source: "bench", consentAcceptedAt });
      }
      await handle.db.insert(community).values(rows);
    }
  } finally {
    await handle.close();
  }
}

async function startServer(databaseEnv, sink) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: base,
      SMTP_URL: sink.url,
      DATABASE_URL: "",
      SEED_DEMO_CONTENT: "false",
      HARMONIA_IGNORE_ENV_FILE: "1",
      ADMIN_EMAILS: ADMIN,
      RATE_LIMIT_MULTIPLIER: "100",
      ...databaseEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error("The server exited during start-up");
    if (await fetch(`${base}/healthz`).then((response) => response.ok).catch(() => false)) break;
    if (Date.now() - started > 180_000) throw new Error("The server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid) ?? 0)), 100);
  return {
    base,
    peak: () => Math.max(peak, peakRssMb(child.pid) ?? 0),
    async stop(signal = "SIGTERM") {
      peak = Math.max(peak, peakRssMb(child.pid) ?? 0);
      clearInterval(sampler);
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Who got the campaign so far, read as the sink receives it: arrivals per recipient, Message-IDs, last arrival. */
function deliveries(sink) {
  let seen = 0;
  const messageIds = new Map();
  let repeats = 0;
  let lastAt = 0;
  return {
    update() {
      for (; seen < sink.received.length; seen += 1) {
        const mail = sink.received[seen];
        if (mail.subject !== SUBJECT) continue;
        const recipient = mail.to[0].toLowerCase();
        const ids = messageIds.get(recipient) ?? new Map();
        ids.set(mail.messageId, (ids.get(mail.messageId) ?? 0) + 1);
        if (ids.get(mail.messageId) > 1) repeats += 1;
        messageIds.set(recipient, ids);
        lastAt = Date.now();
      }
      return messageIds.size;
    },
    lastAt: () => lastAt,
    /** Recipients given two different messages: what the ledger must never allow. */
    duplicates: () => [...messageIds.values()].filter((ids) => ids.size > 1).length,
    /** The same message delivered again after a kill cut its send off (at-least-once; one in the inbox). */
    repeats: () => repeats,
  };
}

async function until(check, limitMs) {
  const deadline = Date.now() + limitMs;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function run(label, databaseEnv, { crash }) {
  await seedCommunity(databaseEnv);
  const sink = await SmtpSink.onFreePort();
  await sink.start();
  const peaks = [];
  let server = await startServer(databaseEnv, sink);
  try {
    const cookie = await signInOverHttp(server.base, sink, ADMIN);
    const bearer = decodeURIComponent(cookie.split("=")[1]);
    const delivered = deliveries(sink);
    const sentAt = Date.now();
    const response = await fetch(`${server.base}/api/sendMagicLinksToCommunity`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ campaign: "bench_campaign", subject: SUBJECT, html: "Dear {{name}},\n\nNew music is waiting: [listen]({{link}})." }),
    });
    const answer = await response.json();
    if (answer.sent !== count) throw new Error(`The campaign was not queued for everyone: ${JSON.stringify(answer)}`);
    const answeredMs = Date.now() - sentAt;

    let killedAt;
    if (crash) {
      await until(() => delivered.update() >= count / 2, RUN_LIMIT_MS);
      await server.stop("SIGKILL");
      killedAt = delivered.update();
      peaks.push(server.peak());
      server = await startServer(databaseEnv, sink);
    }
    await until(() => delivered.update() >= count, RUN_LIMIT_MS);
    // A moment longer, so a late duplicate would still be counted.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const reached = delivered.update();
    peaks.push(server.peak());
    return {
      label: crash ? `${label}, SIGKILL at ${killedAt} and restart` : label,
      answeredMs,
      seconds: (delivered.lastAt() - sentAt) / 1000,
      peakRss: Math.max(...peaks),
      duplicates: delivered.duplicates(),
      missing: count - reached,
      repeats: delivered.repeats(),
      target: crash ? undefined : TARGET_SECONDS[label],
    };
  } finally {
    await server.stop();
    await sink.stop();
  }
}

async function onEmbedded(crash) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-campaign-"));
  try {
    return await run("embedded", { DATA_DIR: dataDir }, { crash });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(crash) {
  const url = await createPostgresDatabase();
  if (!url) return undefined;
  // The server still wants a data directory of its own (its lock, nothing else), as in the tests.
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-campaign-pg-"));
  try {
    return await run("PostgreSQL", { DATABASE_URL: url, DATA_DIR: dataDir }, { crash });
  } finally {
    await dropPostgresDatabase(url);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`A campaign to ${count} community members; load average at start ${loadavg()[0].toFixed(2)} (the figures depend on what else runs).\n`);
const results = [];
for (const crash of [false, true]) {
  results.push(await onEmbedded(crash));
  const postgres = await onPostgres(crash);
  if (postgres) results.push(postgres);
}

const rows = results.map((result) => [
  result.label,
  `${result.seconds.toFixed(1)} s${result.target ? ` (target ≤ ${result.target} s)` : ""}`,
  `${(result.answeredMs / 1000).toFixed(1)} s`,
  `${result.peakRss} MB`,
  String(result.duplicates),
  String(result.missing),
  String(result.repeats),
]);
const header = ["run", "Send → last delivery", "Send answered", "peak RSS", "duplicates", "missing", "resent, same Message-ID"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));

const met = results.every((result) => result.duplicates === 0 && result.missing === 0 && (!result.target || result.seconds <= result.target));
console.log(`\n${met ? "Every target met." : "Some targets were not met."}`);
process.exit(0);
