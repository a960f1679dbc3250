// `npm run bench:pages`: Lighthouse 12 (mobile preset) in /usr/bin/chromium against the production
// server on a fresh embedded database. Prints, per page, the category scores, first and largest
// contentful paint, total blocking time, layout shift, the JavaScript it loads (each script's
// gzip size, what issue 16's budget counts, whatever encoding the server chose) and its whole
// transfer (bytes over the wire, headers included; the home page's hero video, which starts after
// first paint, is left out), the median of BENCH_RUNS runs (default 5), and exits 1 when any
// budget of issue 23 (16's, with TBT <= 100 ms) is missed, naming it. Then, per page, the time from
// the load event to hydration in Chromium without throttling (median of the same number of runs):
// the window in which a page looks ready before React has taken it over. BENCH_PAGES=/,/about
// limits the pages. Run `npm run build` first.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { gzipSync } from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const allPages = ["/", "/about", "/harmonize", "/meditations", "/contact", "/events", "/rsvp", "/vip", "/join", "/login"];
const pages = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",") : allPages;
const port = Number(process.env.BENCH_PORT ?? 4380);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const KIB = 1024;
/**
 * Issue 23's budgets (issue 16's, with TBT <= 100 ms); `home` overrides for /, which carries the
 * video hero, two forms and the letter graphic. The script size is printed against issue 16's
 * budget but does not fail the run: issue 16 left it blocked (React and React Router alone are
 * 106 KiB of the 120).
 */
const budgets = {
  scores: { performance: 98, accessibility: 100, "best-practices": 100, seo: 100 },
  fcpMs: 1200,
  lcpMs: 2000,
  cls: 0,
  tbtMs: 100,
  jsKiB: 120,
  totalKB: 300,
  home: { jsKiB: 140, totalKB: 600 },
};
const budgetOf = (page, key) => (page === "/" && key in budgets.home ? budgets.home[key] : budgets[key]);

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

/** A script's size gzipped at the usual level (6), fetched once per URL: the files are named by content. */
const gzipSizes = new Map();
async function gzipSizeOf(url) {
  if (!gzipSizes.has(url)) {
    const body = await fetch(url, { headers: { "accept-encoding": "identity" } }).then((response) => response.arrayBuffer());
    gzipSizes.set(url, gzipSync(Buffer.from(body), { level: 6 }).length);
  }
  return gzipSizes.get(url);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * Per page, the time from the load event to hydration (React's fiber on <main>) in Chromium without
 * throttling: how long a person may see a finished page that React has not yet taken over.
 */
async function printHydrationWindow() {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  try {
    console.log(`\nload event -> hydration, Chromium without throttling, median of ${runs} (min-max), ms`);
    for (const page of pages) {
      const windows = [];
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const tab = await context.newPage();
        await tab.addInitScript(() => {
          const look = () => {
            const main = document.querySelector("main");
            if (main && Object.keys(main).some((key) => key.startsWith("__reactFiber"))) window.__hydratedAt = performance.now();
            else setTimeout(look, 2);
          };
          look();
        });
        await tab.goto(`${base}${page}`, { waitUntil: "load" });
        await tab.waitForFunction(() => window.__hydratedAt !== undefined, null, { timeout: 15_000 });
        windows.push(await tab.evaluate(() => window.__hydratedAt - performance.getEntriesByType("navigation")[0].loadEventEnd));
        await context.close();
      }
      console.log(`${page.padEnd(14)} ${Math.round(median(windows))} (${Math.round(Math.min(...windows))}-${Math.round(Math.max(...windows))})`);
    }
  } finally {
    await browser.close();
  }
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
  const scoreKeys = Object.keys(budgets.scores);
  const header = ["page", "perf", "a11y", "best", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "JS KiB", "total KB"];
  const rows = [];
  const misses = [];
  for (const page of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      const { lhr } = await lighthouse(`${base}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      const requests = lhr.audits["network-requests"].details.items;
      const bytesOf = (items) => items.reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
      samples.push({
        scores: Object.fromEntries(scoreKeys.map((key) => [key, Math.round(lhr.categories[key].score * 100)])),
        fcp: lhr.audits["first-contentful-paint"].numericValue,
        lcp: lhr.audits["largest-contentful-paint"].numericValue,
        tbt: lhr.audits["total-blocking-time"].numericValue,
        cls: lhr.audits["cumulative-layout-shift"].numericValue,
        jsKiB: (await Promise.all(requests.filter((request) => request.resourceType === "Script").map((request) => gzipSizeOf(request.url)))).reduce((sum, size) => sum + size, 0) / KIB,
        // The hero video streams after first paint (issue 16 leaves it out of the page's weight).
        totalKB: bytesOf(requests.filter((request) => request.resourceType !== "Media")) / 1000,
        failures: scoreKeys.flatMap((key) =>
          lhr.categories[key].auditRefs
            .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
            .map((ref) => `${key}: ${ref.id} (${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score})`),
        ),
      });
    }
    const med = (pick) => median(samples.map(pick));
    const scores = Object.fromEntries(scoreKeys.map((key) => [key, med((sample) => sample.scores[key])]));
    const figures = { fcp: med((x) => x.fcp), lcp: med((x) => x.lcp), tbt: med((x) => x.tbt), cls: med((x) => x.cls), jsKiB: med((x) => x.jsKiB), totalKB: med((x) => x.totalKB) };
    rows.push([
      page,
      ...scoreKeys.map((key) => scores[key]),
      Math.round(figures.fcp),
      Math.round(figures.lcp),
      Math.round(figures.tbt),
      figures.cls.toFixed(3),
      figures.jsKiB.toFixed(1),
      figures.totalKB.toFixed(0),
    ]);
    const missed = [
      ...scoreKeys.filter((key) => scores[key] < budgets.scores[key]).map((key) => `${key} ${scores[key]} < ${budgets.scores[key]}`),
      ...(figures.fcp > budgets.fcpMs ? [`FCP ${Math.round(figures.fcp)} ms > ${budgets.fcpMs}`] : []),
      ...(figures.lcp > budgets.lcpMs ? [`LCP ${Math.round(figures.lcp)} ms > ${budgets.lcpMs}`] : []),
      ...(figures.tbt > budgets.tbtMs ? [`TBT ${Math.round(figures.tbt)} ms > ${budgets.tbtMs}`] : []),
      // Lighthouse reports shifts below a thousandth as noise; CLS 0 means nothing that rounds above it.
      ...(Number(figures.cls.toFixed(3)) > budgets.cls ? [`CLS ${figures.cls.toFixed(3)} > ${budgets.cls}`] : []),
      ...(figures.totalKB > budgetOf(page, "totalKB") ? [`total ${figures.totalKB.toFixed(0)} KB > ${budgetOf(page, "totalKB")}`] : []),
    ];
    if (missed.length) {
      failed = true;
      misses.push(`${page}: ${missed.join(", ")}`);
    }
    const notes = [...new Set(samples.flatMap((sample) => sample.failures))];
    if (notes.length) console.log(`${page} audits below full marks: ${notes.join("; ")}`);
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells) => cells.map((cell, column) => String(cell).padEnd(widths[column])).join("  ");
  console.log(`\n${line(header)}\n${line(widths.map((width) => "-".repeat(width)))}`);
  for (const row of rows) console.log(line(row));
  console.log(
    `\nbudgets: performance >= ${budgets.scores.performance}, accessibility, best practices and SEO 100, FCP <= ${budgets.fcpMs} ms, LCP <= ${budgets.lcpMs} ms, TBT <= ${budgets.tbtMs} ms, CLS ${budgets.cls}, ` +
      `total <= ${budgets.totalKB} KB (${budgets.home.totalKB} on /, video excepted)`,
  );
  console.log(`reported, not a budget here: JS against issue 16's ${budgets.jsKiB} KiB gzip (${budgets.home.jsKiB} on /)`);
  console.log(failed ? `NOT MET:\n  ${misses.join("\n  ")}` : "all met");
  await printHydrationWindow();
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
