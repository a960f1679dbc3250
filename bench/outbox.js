// `npm run bench:outbox`: queues BENCH_MESSAGES (default 10,000) bulk e-mails through the outbox API
// (`sendEmail`) in an instance of the server (bench/outbox-instance.js: the real runtime with its
// pooled SMTP transport and outbox sender, no HTTP), and measures until a local SMTP sink in this
// process has every one of them: on a fresh embedded database and on PostgreSQL (BENCH_DATABASE_URL
// or DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers; a fresh database
// is created there and dropped afterwards). While the bulk run sends, a transactional message is
// queued every 250 ms; their p99 time from queueing to arrival is printed with the rate, the
// instance's peak RSS, duplicates and lost messages. MAIL_MAX_CONNECTIONS / MAIL_RATE_PER_SECOND
// pass through to the instance.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, dropPostgresDatabase, freePort, peakRssMb } from "./postgres-and-ports.js";
import { SMTPServer } from "smtp-server";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const count = Number(process.env.BENCH_MESSAGES ?? 10_000);
const targets = { embedded: { rate: 150 }, PostgreSQL: { rate: 300 } };
const TRANSACTIONAL_TARGET_MS = 2000;


/** A sink that keeps only what the figures need: when each message arrived, by subject and Message-ID. */
async function startSink() {
  const port = await freePort();
  const arrivals = new Map();
  const messageIds = new Map();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Up to MAIL_MAX_CONNECTIONS per instance; a provider takes many more.
    maxClients: 200,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("end", () => {
        const head = Buffer.concat(chunks).toString("utf8").split(/\r?\n\r?\n/)[0];
        const subject = head.match(/^Subject: (.*)$/im)?.[1]?.trim() ?? "";
        const messageId = head.match(/^Message-ID: (.*)$/im)?.[1]?.trim() ?? "";
        received += 1;
        if (!arrivals.has(subject)) arrivals.set(subject, Date.now());
        messageIds.set(messageId, (messageIds.get(messageId) ?? 0) + 1);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    received: () => received,
    duplicates: () => [...messageIds.values()].reduce((sum, n) => sum + n - 1, 0),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

function percentile(sorted, fraction) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

async function run(label, databaseEnv) {
  const sink = await startSink();
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "bench", "outbox-instance.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HARMONIA_IGNORE_ENV_FILE: "1",
      SEED_DEMO_CONTENT: "false",
      SMTP_URL: sink.url,
      MAIL_FROM: "Harmonia <hello@harmonia.example>",
      BENCH_MESSAGES: String(count),
      DATABASE_URL: "",
      ...databaseEnv,
    },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const transactional = [];
  let startedAt;
  let queuedAt;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.on("message", (message) => {
    if (message.type === "started") startedAt = message.at;
    if (message.type === "queued") queuedAt = message.at;
    if (message.type === "transactional") transactional.push(message);
  });

  const bulkArrived = () => {
    let arrived = 0;
    for (const subject of sink.arrivals.keys()) if (subject.startsWith("bulk-")) arrived += 1;
    return arrived;
  };
  const deadline = Date.now() + Math.max(120_000, count * 50);
  let peak;
  while (bulkArrived() < count && Date.now() < deadline && child.exitCode === null) {
    peak = peakRssMb(child.pid) ?? peak;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const lastBulk = Math.max(...[...sink.arrivals].filter(([subject]) => subject.startsWith("bulk-")).map(([, at]) => at));
  // Only the transactional messages queued during the bulk run count; let the last ones arrive.
  const during = transactional.filter((message) => message.queuedAt <= lastBulk);
  const settle = Date.now() + 10_000;
  while (during.some((message) => !sink.arrivals.has(message.key)) && Date.now() < settle) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment longer, so a late duplicate would still be counted.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  peak = peakRssMb(child.pid) ?? peak;
  child.send("stop");
  await exited;
  await sink.stop();

  const latencies = during
    .map((message) => (sink.arrivals.get(message.key) ?? Number.POSITIVE_INFINITY) - message.queuedAt)
    .sort((a, b) => a - b);
  const delivered = bulkArrived();
  const seconds = (lastBulk - startedAt) / 1000;
  const rate = delivered / seconds;
  const p99 = percentile(latencies, 0.99);
  const lost = count - delivered + latencies.filter((latency) => !Number.isFinite(latency)).length;
  const target = targets[label];
  console.log(`${label}:`);
  console.log(`  ${delivered} of ${count} bulk messages in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} msg/s (target ≥ ${target.rate})`);
  if (queuedAt) console.log(`  queueing them took ${((queuedAt - startedAt) / 1000).toFixed(1)} s`);
  console.log(
    `  transactional during the run: ${latencies.length}, p99 queue → delivery ${Number.isFinite(p99) ? `${Math.round(p99)} ms` : "not delivered"} (target ≤ ${TRANSACTIONAL_TARGET_MS} ms)`,
  );
  console.log(`  peak RSS of the instance: ${peak ?? "unknown"} MB`);
  console.log(`  duplicates: ${sink.duplicates()}, lost: ${lost}`);
  console.log("");
  return rate >= target.rate && p99 <= TRANSACTIONAL_TARGET_MS && sink.duplicates() === 0 && lost === 0;
}

let allMet = true;
const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-outbox-"));
try {
  allMet = (await run("embedded", { DATA_DIR: dataDir })) && allMet;
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const postgresUrl = await createPostgresDatabase();
if (postgresUrl) {
  try {
    allMet = (await run("PostgreSQL", { DATABASE_URL: postgresUrl })) && allMet;
  } finally {
    await dropPostgresDatabase(postgresUrl);
  }
}
console.log(allMet ? "Every target met." : "Some targets were not met.");
