// `npm run bench:import-legacy`: generates the old site's database at the volume of a real move
// (BENCH_COMMUNITY 50,000 community rows, BENCH_USERS 10,000 members with bcrypt passwords,
// BENCH_EVENTS 2,000 events, BENCH_RESERVATIONS 40,000 reservations, plus the tests' messy rows)
// into a fresh database on PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else the local server),
// then runs `npm run import:legacy` as the operator does (its own process) into another fresh
// PostgreSQL database: a dry run, the apply, and the apply again. Prints each run's time and the
// command's peak RSS (Linux VmHWM, polled over its processes). Targets on PostgreSQL: apply ≤ 60 s
// and ≤ 500 MB, dry run ≤ 20 s; a second apply must create nothing.
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { bulkLegacyData, loadLegacyDatabase } from "#tests/fixtures/legacy/legacy-data";
import { createPostgresDatabase, dropPostgresDatabase, peakRssMb } from "./postgres-and-ports.js";

const sizes = {
  community: Number(process.env.BENCH_COMMUNITY ?? 50_000),
  users: Number(process.env.BENCH_USERS ?? 10_000),
  events: Number(process.env.BENCH_EVENTS ?? 2_000),
  reservations: Number(process.env.BENCH_RESERVATIONS ?? 40_000),
};
const TARGETS = { dryRunSeconds: 20, applySeconds: 60, applyMb: 500 };
const root = path.resolve(import.meta.dirname, "..");

/** The command's process and the ones it starts (tsx runs the script in a child). */
function descendants(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      if (parent === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

async function runCommand(args: string[], databaseUrl: string) {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, "node_modules", "tsx", "dist", "cli.mjs"), path.join(root, "scripts", "import-legacy.ts"), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, HARMONIA_IGNORE_ENV_FILE: "1", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  let peakMb = 0;
  const poll = setInterval(() => {
    for (const pid of [child.pid!, ...descendants(child.pid!)]) peakMb = Math.max(peakMb, peakRssMb(pid) || 0);
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearInterval(poll);
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`import:legacy ${args.join(" ")} exited ${code}:\n${stderr}`);
  const report = JSON.parse(stdout) as { tables: { table: string; read: number; new: number; merged: number; unchanged: number; skipped: number }[] };
  return { seconds, peakMb, report };
}

const legacyUrl = await createPostgresDatabase();
const targetUrl = legacyUrl ? await createPostgresDatabase() : undefined;
if (!legacyUrl || !targetUrl) {
  console.log("PostgreSQL is needed for the old site's database: set BENCH_DATABASE_URL.");
  process.exit(1);
}
try {
  console.log(`Generating the old site's database: ${sizes.community} community rows, ${sizes.users} users, ${sizes.events} events, ${sizes.reservations} reservations…`);
  const generated = performance.now();
  await loadLegacyDatabase(legacyUrl, bulkLegacyData(sizes));
  console.log(`  made in ${((performance.now() - generated) / 1000).toFixed(1)} s\n`);

  const dry = await runCommand(["--from", legacyUrl, "--json"], targetUrl);
  const apply = await runCommand(["--from", legacyUrl, "--apply", "--json"], targetUrl);
  const again = await runCommand(["--from", legacyUrl, "--apply", "--json"], targetUrl);
  const created = (report: typeof apply.report) => report.tables.reduce((sum, table) => sum + table.new, 0);

  console.log("table               read     new  merged  unchanged  skipped");
  for (const table of apply.report.tables)
    console.log(`${table.table.padEnd(18)} ${String(table.read).padStart(5)} ${String(table.new).padStart(7)} ${String(table.merged).padStart(7)} ${String(table.unchanged).padStart(10)} ${String(table.skipped).padStart(8)}`);
  console.log("");
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
  console.log(`Dry run:      ${dry.seconds.toFixed(1)} s, peak RSS ${dry.peakMb} MB (target ≤ ${TARGETS.dryRunSeconds} s: ${verdict(dry.seconds <= TARGETS.dryRunSeconds)})`);
  console.log(
    `Apply:        ${apply.seconds.toFixed(1)} s, peak RSS ${apply.peakMb} MB, ${created(apply.report)} rows new (target ≤ ${TARGETS.applySeconds} s and ≤ ${TARGETS.applyMb} MB: ${verdict(apply.seconds <= TARGETS.applySeconds && apply.peakMb <= TARGETS.applyMb)})`,
  );
  console.log(`Apply again:  ${again.seconds.toFixed(1)} s, peak RSS ${again.peakMb} MB, ${created(again.report)} rows new (must be 0: ${verdict(created(again.report) === 0)})`);
  console.log("(Each run includes starting Node and tsx, connecting, and checking the migrations: about 2 s.)");
} finally {
  await dropPostgresDatabase(legacyUrl);
  await dropPostgresDatabase(targetUrl);
}
