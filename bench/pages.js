// `npm run bench:pages`: Lighthouse 12 (mobile preset) in /usr/bin/chromium against the production
// server on a fresh embedded database. Prints each category score and the JavaScript each page
// loads (bytes over the wire, gzip), against the targets. Run `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pages = ["/", "/about", "/harmonize", "/meditations", "/contact", "/events", "/rsvp"];
const port = Number(process.env.BENCH_PORT ?? 4380);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const targets = { performance: 95, accessibility: 100, "best-practices": 100, seo: 100 };
/** JavaScript per page, KiB gzip: the home page carries two forms, the video and the letter graphic. */
const jsBudgetKiB = { "/": 150, default: 130 };
const budgetOf = (page) => jsBudgetKiB[page] ?? jsBudgetKiB.default;

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-"));
const server = spawn(process.execPath, [path.join(root, "server", "main.js")], {
  cwd: root,
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", HARMONIA_IGNORE_ENV_FILE: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
const base = `http://localhost:${port}`;

async function waitForServer() {
  for (let tries = 0; tries < 600; tries += 1) {
    if (await fetch(`${base}/healthz`).then((r) => r.ok).catch(() => false)) return;
    if (server.exitCode !== null) throw new Error("The server exited during start-up");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The server did not start");
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

let chrome;
let failed = false;
try {
  await waitForServer();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  console.log(`Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, ${runs} run(s) per page (median)\n`);
  const header = ["page", "performance", "accessibility", "best-practices", "seo", "JS KiB (gzip)", "LCP ms", "CLS", "TBT ms"];
  const rows = [];
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(`${base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      const { lhr } = result;
      const requests = lhr.audits["network-requests"].details.items;
      const jsBytes = requests
        .filter((request) => request.resourceType === "Script")
        .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      samples.push({
        scores: Object.fromEntries(Object.keys(targets).map((key) => [key, Math.round(lhr.categories[key].score * 100)])),
        jsKiB: jsBytes / 1024,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        failures: Object.keys(targets).flatMap((key) =>
          lhr.categories[key].auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
            .map((ref) => `${key}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
        ),
      });
    }
    const scores = Object.fromEntries(Object.keys(targets).map((key) => [key, median(samples.map((s) => s.scores[key]))]));
    const jsKiB = median(samples.map((s) => s.jsKiB));
    rows.push([page, ...Object.values(scores), jsKiB.toFixed(1), Math.round(median(samples.map((s) => s.lcp))), median(samples.map((s) => s.cls)).toFixed(3), Math.round(median(samples.map((s) => s.tbt)))]);
    for (const [key, target] of Object.entries(targets)) if (scores[key] < target) failed = true;
    if (jsKiB > budgetOf(page)) failed = true;
    const notes = [...new Set(samples.flatMap((s) => s.failures))];
    if (notes.length) console.log(`${page} audits below full marks: ${notes.join("; ")}`);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => String(cell).padEnd(widths[column])).join("  ");
  console.log(`\n${line(header)}\n${line(widths.map((width) => "-".repeat(width)))}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\ntargets: performance >= ${targets.performance}, accessibility ${targets.accessibility}, best practices ${targets["best-practices"]}, SEO ${targets.seo}, JS <= ${jsBudgetKiB["/"]} KiB gzip on /, ${jsBudgetKiB.default} elsewhere: ${failed ? "NOT MET" : "met"}`,
  );
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
