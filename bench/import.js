// `npm run bench:import`: generates an attendee CSV of BENCH_ROWS rows (default 10,000: people on
// several rows, invalid rows, a TOTALS line, some members and unsubscribed addresses), and runs the
// import's two use cases on it (previewAttendeeImport, then importAttendees, the very functions
// the page calls) on a fresh embedded database and on PostgreSQL (BENCH_DATABASE_URL or
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers; a fresh database is
// created there and dropped afterwards). Prints the preview time (target ≤ 3 s), the confirm time,
// invitations created and e-mails queued in the outbox, and what re-importing the same file makes
// (must be 0), then the time to render a batch of the invitation e-mails as the sender would.
//
// Then the page itself on the embedded database, whose queries run in the web server's own
// thread: the production server (run `npm run build` first) is started on a data directory with
// the same members and unsubscribed addresses, an admin signs in, and a file of BENCH_HTTP_ROWS
// rows (default 80,000, in shorter columns that keep it under the 5 MB limit) is previewed and
// then confirmed through /admin/communications/import. Meanwhile `/healthz` and a static file are
// each asked every 20 ms (an answer later than that also stands for the questions that would have
// been asked meanwhile, so a stalled server shows as many slow answers, not one). Prints p50, p95,
// p99 and max of their latency at rest, during the preview (target p99 ≤ 200 ms) and during the
// confirmation, the durations, and the server's peak RSS; asserts nothing on time.
// BENCH_HTTP_ONLY=1 runs this part alone; BENCH_HTTP_ROWS=0 skips it.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPostgresDatabase, dropPostgresDatabase, freePort, peakRssMb } from "./postgres-and-ports.js";

process.env.NODE_ENV = "production";
const { sql } = await import("drizzle-orm");
const { openDatabase, runMigrations } = await import("#app/lib/db.server.ts");
const { outbox, unsubscribes, userProfiles } = await import("#db/schema/index.ts");
const { previewAttendeeImport, importAttendees, invitationEmailRenderer } = await import("#app/modules/invitations/index.server.ts");
const { INVITATION_EMAIL } = await import("#app/modules/invitations/index.server.ts");
const { noOutboxWake } = await import("#app/modules/messaging/index.server.ts");

const rows = Number(process.env.BENCH_ROWS ?? 10_000);
const httpRows = Number(process.env.BENCH_HTTP_ROWS ?? 80_000);
const PREVIEW_TARGET_MS = 3000;
const STALL_TARGET_MS = 200;
const POLL_EVERY_MS = 20;
const actor = { id: randomUUID(), email: "bench-admin@harmonia.example", role: "admin" };

/**
 * The file: one row in 6 repeats an earlier person (another event), one in 50 has no usable
 * address, a TOTALS line closes it; 2% of the people are members already, 1% unsubscribed.
 */
function generateCsv(stamp, rows, compact = false) {
  const lines = [compact ? "Email,First Name,Last Name,Event Name,Event Start Date" : "Order #,First Name,Last Name,Email,City,State,Event Name,Event Start Date,Tickets"];
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
      lines.push(compact ? `no address given,Nobody,Here,${event},${date}` : `${row},Nobody,Here,no address given,,,${event},${date},1`);
      continue;
    }
    const repeat = row % 6 === 5 && people.length > 0;
    const n = people.length;
    const person = repeat ? people[(row * 7919) % people.length] : { n, email: compact ? `a${n}.${stamp}@ex.org` : `attendee-${n}-${stamp}@example.com` };
    if (!repeat) people.push(person);
    lines.push(compact ? `${person.email},F${person.n},L${person.n},${event},${date}` : `${row},First${person.n},"Last, ${person.n}",${person.email},San Diego,CA,${event},${date},1`);
  }
  lines.push(compact ? `TOTALS,,,,${rows - 1}` : `TOTALS,,,,,,,,${rows - 1}`);
  return { text: lines.join("\n"), people };
}

/** 2% of the file's people become members, 1% unsubscribed, before the preview. */
async function seedStandings(db, people) {
  const members = people.filter((person) => person.n % 50 === 0);
  const gone = people.filter((person) => person.n % 100 === 7);
  for (let start = 0; start < members.length; start += 1000) {
    await db.insert(userProfiles).values(members.slice(start, start + 1000).map((person) => ({ email: person.email, firstName: `First${person.n}` })));
  }
  for (let start = 0; start < gone.length; start += 1000) {
    await db.insert(unsubscribes).values(gone.slice(start, start + 1000).map((person) => ({ email: person.email, source: "link" })));
  }
}

async function run(label, options) {
  const handle = await openDatabase(options);
  try {
    await runMigrations(handle);
    const db = handle.db;
    const stamp = Date.now().toString(36);
    const { text, people } = generateCsv(stamp, rows);
    await seedStandings(db, people);
    const size = Buffer.byteLength(text);

    let started = performance.now();
    const preview = await previewAttendeeImport(db, actor, { fileName: "bench.csv", size, bytes: Buffer.from(text) });
    const previewMs = performance.now() - started;
    if (!preview.ok) throw new Error(`The preview failed: ${preview.message}`);

    started = performance.now();
    const confirmed = await importAttendees(db, actor, { importId: preview.preview.importId }, noOutboxWake);
    const confirmMs = performance.now() - started;
    if (!confirmed.ok) throw new Error(`The confirmation failed: ${confirmed.message}`);
    const [queued] = await db.select({ count: sql`count(*)::int` }).from(outbox).where(sql`${outbox.kind} = ${INVITATION_EMAIL}`);

    started = performance.now();
    const again = await previewAttendeeImport(db, actor, { fileName: "bench.csv", size, bytes: Buffer.from(text) });
    const again2 = again.ok ? await importAttendees(db, actor, { importId: again.preview.importId }, noOutboxWake) : again;
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

/**
 * Asks `url` every POLL_EVERY_MS, one request at a time (a stalled server is not buried under
 * questions it has not answered). An answer that took longer than the interval also stands for
 * the questions a browser would have asked meanwhile, each waiting that much less (a stall counts
 * as many slow answers, not one: the usual correction for coordinated omission).
 */
function poll(url) {
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const askedAt = performance.now();
      const ok = await fetch(url)
        .then((response) => response.arrayBuffer().then(() => response.ok))
        .catch(() => false);
      const ms = performance.now() - askedAt;
      for (let missed = 0; missed * POLL_EVERY_MS < ms; missed += 1) {
        samples.push({ askedAt: askedAt + missed * POLL_EVERY_MS, ms: ms - missed * POLL_EVERY_MS, ok });
      }
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, POLL_EVERY_MS - ms)));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function latencyLine(name, samples, from, to) {
  const within = samples.filter((sample) => sample.askedAt >= from && sample.askedAt < to);
  const sorted = within.map((sample) => sample.ms).sort((a, b) => a - b);
  if (sorted.length === 0) return `    ${name.padEnd(18)} no samples`;
  const failed = within.filter((sample) => !sample.ok).length;
  const figures = [50, 95, 99].map((p) => `p${p} ${Math.round(percentile(sorted, p))}`).join(", ");
  return `    ${name.padEnd(18)} ${figures}, max ${Math.round(sorted.at(-1))} ms (${sorted.length} samples${failed ? `, ${failed} FAILED` : ""})`;
}

/** The preview and the confirmation through the page, on a production server over the embedded database. */
async function runOverHttp() {
  const root = path.resolve(import.meta.dirname, "..");
  const assets = path.join(root, "build", "client", "assets");
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    console.log("embedded database, through the page: no production build; run `npm run build` first. Skipped.");
    return;
  }
  const { SmtpSink } = await import("#tests/support/smtp-sink.ts");
  const { signInOverHttp } = await import("#tests/support/http-session.ts");
  // The smallest of the built scripts: a file pages load, served without the database, whose
  // compression costs the server next to nothing.
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  const staticFile = `/assets/${scripts.reduce((smallest, name) => (statSync(path.join(assets, name)).size < statSync(path.join(assets, smallest)).size ? name : smallest))}`;

  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-import-http-"));
  const stamp = Date.now().toString(36).slice(-5);
  const { text, people } = generateCsv(stamp, httpRows, true);
  const size = Buffer.byteLength(text);
  // The members and unsubscribed addresses go in before the server holds the data directory.
  const seeding = await openDatabase({ dataDir });
  try {
    await runMigrations(seeding);
    await seedStandings(seeding.db, people);
  } finally {
    await seeding.close();
  }
  const sink = await SmtpSink.onFreePort();
  await sink.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: actor.email,
      RATE_LIMIT_MULTIPLIER: "100",
      HARMONIA_IGNORE_ENV_FILE: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let tries = 0; !(await fetch(`${base}/healthz`).then((response) => response.ok).catch(() => false)); tries += 1) {
      if (server.exitCode !== null || tries > 600) throw new Error("The server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const cookie = await signInOverHttp(base, sink, actor.email);
    const post = (fields, file) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      if (file) form.append("file", new Blob([file], { type: "text/csv" }), "bench.csv");
      return fetch(`${base}/admin/communications/import`, { method: "POST", headers: { Origin: base, Cookie: cookie }, body: form });
    };
    const health = poll(`${base}/healthz`);
    const file = poll(`${base}${staticFile}`);
    // A second to warm up, then two seconds of the server at rest to compare with.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const previewFrom = performance.now();
    const previewed = await post({ intent: "preview" }, text);
    const html = await previewed.text();
    const previewTo = performance.now();
    const rssAfterPreview = peakRssMb(server.pid);
    const importId = html.match(/name="importId" value="([0-9a-f-]{36})"/)?.[1];
    const counts = Object.fromEntries([...html.matchAll(/data-testid="import-count-(\w+)">(\d+)</g)].map((match) => [match[1], Number(match[2])]));
    const confirmFrom = performance.now();
    const confirmed = importId ? await post({ intent: "confirm", importId }) : undefined;
    const confirmedText = (await confirmed?.text()) ?? "";
    const confirmTo = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all([health.stop(), file.stop()]);
    const rssAfterConfirm = peakRssMb(server.pid);

    const previewMs = previewTo - previewFrom;
    console.log(`embedded database, through the page: ${httpRows} rows (${(size / 1024 / 1024).toFixed(2)} MB)`);
    console.log(
      `  preview   ${previewed.status} in ${Math.round(previewMs)} ms; ${Object.entries(counts)
        .map(([name, count]) => `${name} ${count}`)
        .join(", ")}`,
    );
    console.log(`  confirm   ${confirmed?.status ?? "not asked (no import id)"} in ${Math.round(confirmTo - confirmFrom)} ms; ${confirmedText.match(/[\d,]+ invitations? created/)?.[0] ?? "no invitations"}`);
    console.log(`  server peak RSS: ${rssAfterPreview} MB after the preview, ${rssAfterConfirm} MB after the confirmation`);
    for (const [phase, from, to] of [
      ["idle (2 s before)", idleFrom, previewFrom],
      ["during the preview", previewFrom, previewTo],
      ["during the confirm", confirmFrom, confirmTo],
    ]) {
      console.log(`  latency ${phase}${phase === "during the preview" ? ` (target p99 ≤ ${STALL_TARGET_MS} ms)` : ""}`);
      console.log(latencyLine("/healthz", health.samples, from, to));
      console.log(latencyLine("static file", file.samples, from, to));
    }
    console.log("");
  } finally {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    if (server.exitCode === null) server.kill("SIGTERM");
    await exited;
    await sink.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.env.BENCH_HTTP_ONLY !== "1") {
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
}
if (httpRows > 0) await runOverHttp();
