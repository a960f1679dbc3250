// `npm run bench:check-in` (issue 38): the door without signal, measured in a real browser against
// the production server (`node server/main.js`, with the browser tests' session door beside it so
// two door phones sign in without e-mail; docs/decisions/058).
//
// (a) Sync: an event with BENCH_GUESTS guests (default 200) of three seats each. Two phones (two
// Chromium contexts on the check-in page) lose the network and each taps "Mark 1 seat arrived" once
// on every guest: 2 × 200 = 400 taps queued offline, every guest tapped on both phones (the time
// from each tap to the next painted frame is printed: what the volunteer feels). Then the
// network returns and both phones sync. Prints the time from the signal's return until both phones
// say "All saved" and the server holds every tap, the taps lost (a guest with fewer than two seats
// arrived: must be 0) and doubled (a guest with three, or a tap applied twice: must be 0). BENCH_RUNS
// runs (default 3), each on a fresh event, then the median.
// (b) Scan: the check-in page's scanner reading a real ticket's QR code from Chromium's fake camera
// (a Y4M file written from the code), BENCH_SCANS times (default 20): scan-to-result time, median and
// p95 (target under 300 ms), as the page measures it (the 'ticket-scan' measure).
//
// On the embedded database by default; BENCH_DATABASE_URL runs it on that PostgreSQL server (a fresh
// database is made there and dropped). Prints the machine's load. Timing is printed, never asserted;
// a lost or doubled tap exits 1. Needs the production build (npm run build) and Chromium
// (CHROMIUM_PATH, default /usr/bin/chromium).
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright";
import { openDatabase, runMigrations } from "#app/lib/db.server";
import { buildEvent } from "#app/modules/demo/index.server";
import { addEventIfNew } from "#app/modules/events/index.server";
import { insertReservations, ticketCode } from "#app/modules/reservations/index.server";
import { writeQrVideo } from "#tests/support/fake-camera";
import { doorTaps, reservations } from "#db/schema";
import { count, eq } from "drizzle-orm";
import { createPostgresDatabase, dropPostgresDatabase, freePort, startProductionServer } from "./postgres-and-ports.js";

const root = path.resolve(import.meta.dirname, "..");
const GUESTS = Number(process.env.BENCH_GUESTS ?? 200);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SEATS = 3;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const phones = ["usher-bench-1@harmonia.example", "usher-bench-2@harmonia.example"];
const admin = "admin-bench@harmonia.example";
const SCANS = Number(process.env.BENCH_SCANS ?? 20);
/** The server's signing secret for this run: the bench signs the scanned ticket's code with it, as the server does. */
const AUTH_SECRET = `bench-check-in-${randomBytes(16).toString("hex")}`;

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(share * values.length) - 1)]!;

/** Events with their guests, written before the server starts (the embedded database has one process at a time). */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<{ events: string[]; scan: { eventId: string; code: string } }> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await runMigrations(handle);
  const ids: string[] = [];
  for (let run = 0; run < RUNS; run++) {
    const id = await addEventIfNew(handle.db, buildEvent({ title: `Bench door ${run + 1}`, startsAt: new Date(Date.now() + (run + 2) * 86_400_000), maxSeats: GUESTS * SEATS + 20 }));
    if (!id) throw new Error("The bench's event exists already");
    await insertReservations(
      handle.db,
      Array.from({ length: GUESTS }, (_, index) => ({ eventId: id, visitorName: `Guest ${String(index + 1).padStart(3, "0")}`, visitorEmail: null, seats: SEATS })),
    );
    ids.push(id);
  }
  const scanEvent = await addEventIfNew(handle.db, buildEvent({ title: "Bench scan", startsAt: new Date(Date.now() + 86_400_000), maxSeats: 20 }));
  if (!scanEvent) throw new Error("The bench's event exists already");
  const [ada] = await insertReservations(handle.db, [{ eventId: scanEvent, visitorName: "Ada Lovelace", visitorEmail: null, seats: 2 }]);
  await handle.close();
  return { events: ids, scan: { eventId: scanEvent, code: ticketCode(AUTH_SECRET, ada!.ticketRef) } };
}

async function startServer(env: Record<string, string>) {
  const [port, doorPort] = [await freePort(), await freePort()];
  const server = await startProductionServer(root, {
    port,
    nodeArgs: ["--import", "./tests/e2e/support/session-door.js"],
    env: { RATE_LIMIT_MULTIPLIER: "50", EVENT_STAFF_EMAILS: phones.join(","), ADMIN_EMAILS: admin, E2E_SESSION_DOOR_PORT: String(doorPort), AUTH_SECRET, ...env },
  });
  return {
    base: server.base,
    async signIn(context: BrowserContext, email: string) {
      const response = await context.request.post(`http://127.0.0.1:${doorPort}/session`, { data: { email } });
      if (response.status() !== 200) throw new Error(`Signing ${email} in: ${response.status()} ${await response.text()}`);
    },
    stop: server.stop,
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;
const status = (page: Page) => page.getByTestId("door-status");

async function openPhone(browser: Browser, server: Server, email: string, eventId: string) {
  const context = await browser.newContext({ baseURL: server.base });
  await server.signIn(context, email);
  const page = await context.newPage();
  await page.goto(`/admin/eventreservations/${eventId}/check-in`);
  await status(page).filter({ hasText: /^All saved/ }).waitFor({ timeout: 60_000 });
  return { context, page };
}

async function syncRun(browser: Browser, server: Server, eventId: string, databaseUrl: string | undefined, dataDir: string) {
  const devices = [await openPhone(browser, server, phones[0]!, eventId), await openPhone(browser, server, phones[1]!, eventId)];
  for (const device of devices) await device.context.setOffline(true);
  const tapStarted = performance.now();
  // Each phone taps every guest's "Mark 1 seat arrived" in turn, as fast as its screen answers: the
  // time from a tap to the next painted frame is what the volunteer feels.
  const tapTimes = await Promise.all(
    devices.map(async ({ page }) => {
      const times = await page.evaluate(async () => {
        const buttons = [...document.querySelectorAll<HTMLButtonElement>("li button[type=submit]")].filter((button) => button.textContent?.startsWith("Mark 1 seat arrived"));
        const measured: number[] = [];
        for (const button of buttons) {
          const start = performance.now();
          button.click();
          await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
          measured.push(performance.now() - start);
        }
        return measured;
      });
      await status(page)
        .filter({ hasText: `Offline — ${GUESTS} check-ins waiting` })
        .waitFor({ timeout: 60_000 })
        .catch(async (error: unknown) => {
          // Say what the phone showed instead: the bench's failure is then a finding, not a timeout.
          const shown = await status(page).textContent().catch(() => "(no status bar)");
          throw new Error(`After ${times.length} taps the phone said "${shown}", not "Offline — ${GUESTS} check-ins waiting"`, { cause: error });
        });
      return times;
    }),
  );
  const tapSeconds = (performance.now() - tapStarted) / 1000;
  const online = performance.now();
  for (const device of devices) await device.context.setOffline(false);
  await Promise.all(devices.map(({ page }) => status(page).filter({ hasText: /^All saved/ }).waitFor({ timeout: 120_000 })));
  const syncSeconds = (performance.now() - online) / 1000;
  for (const device of devices) await device.context.close();
  // What the server holds, read once the server is stopped (the embedded database has one process at a time).
  return { tapSeconds, syncSeconds, tapToPaint: tapTimes.flat(), read: async () => arrivals(databaseUrl, dataDir, eventId) };
}

/** Scan-to-result on the check-in page: Chromium's fake camera shows the ticket, the page reads it, SCANS times. */
async function scanRun(server: Server, scan: { eventId: string; code: string }, dataDir: string) {
  const video = path.join(dataDir, "..", `bench-ticket-${process.pid}.y4m`);
  writeQrVideo(video, scan.code);
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream", `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const context = await browser.newContext({ baseURL: server.base, permissions: ["camera"] });
    await server.signIn(context, phones[0]!);
    const page = await context.newPage();
    await page.goto(`/admin/eventreservations/${scan.eventId}/check-in`);
    await status(page).filter({ hasText: /^All saved/ }).waitFor({ timeout: 60_000 });
    const times: number[] = [];
    let reader = "";
    for (let index = 0; index < SCANS; index++) {
      await page.getByRole("button", { name: "Scan tickets" }).click();
      const result = page.getByTestId("scan-result");
      await result.filter({ hasText: "Ada Lovelace" }).waitFor({ timeout: 30_000 });
      times.push(Number(await result.getAttribute("data-scan-ms")));
      reader ||= (await page.locator("[data-reader]").getAttribute("data-reader")) ?? "";
      await page.getByRole("button", { name: "Close scanner" }).click();
    }
    return { times, reader };
  } finally {
    await browser.close();
    rmSync(video, { force: true });
  }
}

async function arrivals(databaseUrl: string | undefined, dataDir: string, eventId: string) {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const rows = await handle.db.select({ id: reservations.id, arrived: reservations.arrivedSeats }).from(reservations).where(eq(reservations.eventId, eventId));
    const [taps] = await handle.db.select({ applied: count() }).from(doorTaps).where(eq(doorTaps.eventId, eventId));
    const lost = rows.reduce((sum, row) => sum + Math.max(0, 2 - row.arrived), 0);
    const doubled = rows.reduce((sum, row) => sum + Math.max(0, row.arrived - 2), 0);
    return { lost, doubled, tapsStored: taps?.applied ?? 0 };
  } finally {
    await handle.close();
  }
}

async function main() {
  const load = loadavg().map((value) => value.toFixed(2)).join(" ");
  console.log(`Door check-in bench: ${GUESTS} guests × 2 phones, ${RUNS} runs; machine load ${load} on ${availableParallelism()} cores`);
  const postgres = process.env.BENCH_DATABASE_URL ? await createPostgresDatabase() : undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-check-in-"));
  console.log(`Database: ${postgres ? "PostgreSQL" : "embedded (PGlite)"}`);
  // A run that fails still leaves nothing behind: its database and its folder go.
  try {
    await measure(postgres, dataDir);
  } finally {
    if (postgres) await dropPostgresDatabase(postgres);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(postgres: string | undefined, dataDir: string) {
  const { events, scan } = await seed(postgres, dataDir);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
  const results: Array<{ tapSeconds: number; syncSeconds: number }> = [];
  const checks: Array<() => Promise<{ lost: number; doubled: number; tapsStored: number }>> = [];
  const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: postgres ?? "" });
  try {
    for (const eventId of events) {
      const run = await syncRun(browser, server, eventId, postgres, dataDir);
      results.push(run);
      checks.push(run.read);
      console.log(
        `  run ${results.length}: ${2 * GUESTS} taps queued offline in ${run.tapSeconds.toFixed(1)} s (tap to painted frame: median ${median(run.tapToPaint).toFixed(0)} ms, p95 ${percentile(run.tapToPaint, 0.95).toFixed(0)} ms); synced in ${run.syncSeconds.toFixed(2)} s`,
      );
    }
    const scans = await scanRun(server, scan, dataDir);
    console.log(
      `Scan to result (${SCANS} scans, the ${scans.reader} reader): first ${scans.times[0]!.toFixed(0)} ms, median ${median(scans.times).toFixed(0)} ms, p95 ${percentile(scans.times, 0.95).toFixed(0)} ms (target under 300 ms)`,
    );
  } finally {
    await server.stop();
    await browser.close();
  }
  let failed = false;
  for (const [index, check] of checks.entries()) {
    const { lost, doubled, tapsStored } = await check();
    console.log(`  run ${index + 1}: taps stored ${tapsStored} of ${2 * GUESTS}, lost ${lost}, doubled ${doubled}`);
    if (lost > 0 || doubled > 0 || tapsStored !== 2 * GUESTS) failed = true;
  }
  console.log(`Sync of ${2 * GUESTS} offline taps from two phones: median ${median(results.map((run) => run.syncSeconds)).toFixed(2)} s`);
  if (failed) process.exitCode = 1;
}

await main();
