// `npm run bench:metrics`: how long a Prometheus scrape of /metrics takes, on the production server
// over a fresh embedded database with the demo content and over PostgreSQL (BENCH_DATABASE_URL or
// DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test when it answers). Browses a few pages
// first so the request histogram has series, then prints the median and the slowest of BENCH_RUNS
// scrapes (default 21) and the size of the answer. Run `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createPostgresDatabase, dropPostgresDatabase, freePort } from "./postgres-and-ports.js";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const runs = Number(process.env.BENCH_RUNS ?? 21);
const token = "bench-metrics-token-0123456789";

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

async function measure(label, databaseUrl) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-metrics-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(root, "server", "main.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SEED_DEMO_CONTENT: "true",
      SMTP_URL: "",
      METRICS_TOKEN: token,
      HARMONIA_IGNORE_ENV_FILE: "1",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    for (let tries = 0; ; tries += 1) {
      if (await fetch(`${base}/healthz`).then((response) => response.ok).catch(() => false)) break;
      if (server.exitCode !== null || tries > 600) throw new Error("The server did not start");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    for (const page of ["/", "/events", "/about", "/join", "/login", "/no-such-page"]) await fetch(`${base}${page}`).then((response) => response.arrayBuffer());
    const scrape = () => fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.text());
    await scrape();
    const times = [];
    let size = 0;
    for (let run = 0; run < runs; run += 1) {
      const started = performance.now();
      size = (await scrape()).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${label}: /metrics scrape median ${median.toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms over ${runs} scrapes; ${(size / 1024).toFixed(1)} KiB`);
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await measure("Embedded database");
const databaseUrl = await createPostgresDatabase();
if (databaseUrl) {
  try {
    await measure("PostgreSQL", databaseUrl);
  } finally {
    await dropPostgresDatabase(databaseUrl);
  }
}
