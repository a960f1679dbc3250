// `npm run bench:payments` (issue 37): the contributions' webhook and checkout against the production
// server (`node server/main.js`, configured with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and
// STRIPE_API_BASE) and a local Stripe stand-in (tests/support/stripe-fake.ts, the official SDK's
// requests and Stripe's signatures). On PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, else the local
// postgres://postgres@127.0.0.1:5432/test when it answers; a fresh database is created there and
// dropped afterwards) and on the embedded database (PGlite); BENCH_SKIP_POSTGRES=1 or
// BENCH_SKIP_PGLITE=1 leaves one out. Each run prints which database it used.
//
// (a) Webhook: BENCH_RUNS runs (default 3, after BENCH_WARMUP_EVENTS, 500) of BENCH_EVENTS deliveries (default
// 1,000) POSTed signed to /api/payments/stripe, BENCH_CONCURRENCY at a time (default 10): the events
// of many reservations' checkouts (paid by card; paid by bank debit later; a debit that failed; a
// checkout that expired; paid, then refunded in part from Stripe's dashboard), 10% of the deliveries
// repeats, all shuffled. A refund that arrives before its payment is answered 409 and, as Stripe does,
// sent again after the run. Prints events per second (target ≥ 200 on PostgreSQL), then checks every
// reservation's final state: one payment, paid once with one receipt queued, or failed, or expired, or
// partly refunded by the right amount; every event stored once; and a replay of every event changes
// nothing. (b) Checkout: p50/p95/p99 of opening each of those reservations' checkouts
// (`startContributionCheckout`, one at a time, against the stand-in). Figures of each run, then the
// median of the runs, the server's CPU per event and the machine's load. Timing is printed, never
// asserted; a wrong final state exits 1. BENCH_SERVER_NODE_OPTIONS passes options to the server (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_PORT_RANGE (e.g. 4800-4899) keeps the server and the
// stand-in within those ports. Needs the production build (npm run build).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { openDatabase, queryRows, runMigrations, type Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { buildEvent, venueTime } from "#app/modules/demo/index.server";
import { addEventIfNew } from "#app/modules/events/index.server";
import { createStripeGateway, startContributionCheckout } from "#app/modules/payments/index.server";
import { guestContributions, insertReservations } from "#app/modules/reservations/index.server";
import { normaliseAddress } from "#app/modules/security";
import { StripeFake } from "#tests/support/stripe-fake";
import { createPostgresDatabase, dropPostgresDatabase, freePort, startProductionServer } from "./postgres-and-ports.js";

const root = path.resolve(import.meta.dirname, "..");
const DELIVERIES = Number(process.env.BENCH_EVENTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
/** Deliveries before the timed runs: the server's code is compiled by V8 as it runs, and a short warm-up left the first run slower than the others. */
const WARM_UP_DELIVERIES = Number(process.env.BENCH_WARMUP_EVENTS ?? 500);
const REPEAT_SHARE = 0.1;
const TARGET_PER_SECOND = 200;
/** Extra Node options for the server under test, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see where its time goes. */
const serverNodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);

if (!existsSync(path.join(root, "build", "server", "index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

/** What happens to a reservation's checkout, and the events Stripe sends about it. */
type Scenario = "card" | "debit paid" | "debit failed" | "expired" | "refunded in part";
const EVENTS_OF: Record<Scenario, number> = { card: 1, "debit paid": 2, "debit failed": 2, expired: 1, "refunded in part": 2 };
/** Twenty reservations' worth: half paid by card, the rest spread over the other ways a checkout ends. */
const CYCLE: Scenario[] = [
  ...Array<Scenario>(10).fill("card"),
  ...Array<Scenario>(3).fill("debit paid"),
  ...Array<Scenario>(2).fill("debit failed"),
  ...Array<Scenario>(2).fill("expired"),
  ...Array<Scenario>(3).fill("refunded in part"),
];

interface Guest {
  reservationId: string;
  seats: number;
  donation: string;
  perSeat: number;
  scenario: Scenario;
  sessionId: string;
}

interface Round {
  label: string;
  eventTitle: string;
  guests: Guest[];
  /** The distinct events Stripe made about this round's checkouts. */
  eventIds: string[];
  /** What is POSTed: every event, the repeats among them, shuffled. */
  deliveries: string[];
  checkoutMs: number[];
}

interface Delivered {
  seconds: number;
  applied: number;
  alreadyApplied: number;
  notYetKnown: number;
  other: number;
  /** Deliveries answered 409 (a refund before its payment) or otherwise, sent again until applied. */
  retried: number;
  /** CPU seconds the server used in the timed deliveries (Linux /proc; undefined elsewhere). */
  serverCpuSeconds?: number;
}

const shuffle = <T>(items: T[]): T[] => {
  for (let index = items.length - 1; index > 0; index--) {
    const other = Math.floor(Math.random() * (index + 1));
    [items[index], items[other]] = [items[other]!, items[index]!];
  }
  return items;
};

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** A free port, within BENCH_PORT_RANGE when it is given. */
async function port(): Promise<number> {
  const range = process.env.BENCH_PORT_RANGE?.match(/^(\d+)-(\d+)$/);
  if (!range) return freePort();
  for (let candidate = Number(range[1]); candidate <= Number(range[2]); candidate++) {
    const server = createServer();
    const free = await new Promise<boolean>((resolve) => {
      server.once("error", () => resolve(false));
      server.listen(candidate, "127.0.0.1", () => resolve(true));
    });
    if (free) {
      await new Promise((resolve) => server.close(resolve));
      return candidate;
    }
  }
  throw new Error(`No free port in ${process.env.BENCH_PORT_RANGE}`);
}

/** The guests of one round: reservations whose checkouts make `distinctEvents` events in all. */
function planGuests(distinctEvents: number): Scenario[] {
  const scenarios: Scenario[] = [];
  let events = 0;
  while (events < distinctEvents) {
    const planned = CYCLE[scenarios.length % CYCLE.length]!;
    const scenario = events + EVENTS_OF[planned] > distinctEvents ? "card" : planned;
    scenarios.push(scenario);
    events += EVENTS_OF[scenario];
  }
  return scenarios;
}

/**
 * Writes a round's event and reservations, opens each reservation's checkout (timed: figure b), then
 * plays out at the stand-in what each guest does, keeping Stripe's events back for the timed run.
 */
async function prepareRound(db: Database, fake: StripeFake, label: string, index: number, deliveries: number): Promise<Round> {
  const repeats = Math.round(deliveries * REPEAT_SHARE);
  const scenarios = planGuests(deliveries - repeats);
  const eventTitle = `Bench payments ${index}`;
  const startsAt = venueTime(siteConfig.venue.timeZone, 30 + index, 18, 30);
  const eventId = await addEventIfNew(db, buildEvent({ title: eventTitle, startsAt, maxSeats: 100_000 }));
  if (!eventId) throw new Error(`${eventTitle} exists already`);
  const rows = scenarios.map((_, n) => {
    const email = `bench-pay-${index}-${n}@example.com`;
    const seats = 1 + (n % 4);
    const perSeat = siteConfig.contribution.minPerSeat + (n % (siteConfig.contribution.maxPerSeat - siteConfig.contribution.minPerSeat + 1));
    return { eventId, visitorName: `Bench guest ${index}-${n}`, visitorEmail: email, visitorEmailKey: normaliseAddress(email), seats, donation: String(seats * perSeat), perSeat };
  });
  const inserted = await insertReservations(
    db,
    rows.map(({ perSeat: _perSeat, ...row }) => row),
  );

  const gateway = createStripeGateway({ secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url });
  const guests: Guest[] = [];
  const checkoutMs: number[] = [];
  for (const [n, reservation] of inserted.entries()) {
    const started = performance.now();
    const outcome = await startContributionCheckout(db, gateway, {
      reservation: { id: reservation.id, eventId, seats: reservation.seats, visitorName: reservation.visitorName, visitorEmail: reservation.visitorEmail },
      event: { title: eventTitle, startsAt },
      perSeatDollars: rows[n]!.perSeat,
      // Each guest from their own address, as real visitors come.
      client: { key: `bench-payments-${index}-${n}`, rateLimitMultiplier: 1 },
      returnUrls: { success: "http://127.0.0.1/contribution/thanks?session_id={CHECKOUT_SESSION_ID}", cancel: "http://127.0.0.1/contribution" },
    });
    checkoutMs.push(performance.now() - started);
    if (!outcome.ok) throw new Error(`${label}: the checkout of reservation ${reservation.id} did not open: ${outcome.message}`);
    const sessionId = new URL(outcome.url).pathname.split("/").at(-1)!;
    guests.push({ reservationId: reservation.id, seats: reservation.seats, donation: reservation.donation!, perSeat: rows[n]!.perSeat, scenario: scenarios[n]!, sessionId });
  }

  const firstEvent = fake.events.length;
  const stripe = fake.client();
  for (const guest of guests) {
    switch (guest.scenario) {
      case "card":
        await fake.pay(guest.sessionId);
        break;
      case "debit paid":
      case "debit failed":
        await fake.pay(guest.sessionId, { delayed: true });
        await fake.settleAsyncPayment(guest.sessionId, guest.scenario === "debit paid" ? "succeeded" : "failed");
        break;
      case "expired":
        await fake.expire(guest.sessionId);
        break;
      case "refunded in part": {
        const session = await fake.pay(guest.sessionId);
        await stripe.refunds.create({ payment_intent: session.payment_intent as string, amount: refundOf(guest) });
        break;
      }
    }
  }
  // The stand-in makes charge.refunded just after its answer to the refund.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const eventIds = fake.events.slice(firstEvent).map((event) => event.id);
  if (eventIds.length !== deliveries - repeats) throw new Error(`${label}: ${eventIds.length} events made, ${deliveries - repeats} planned`);
  const repeated = shuffle([...eventIds]).slice(0, repeats);
  return { label, eventTitle, guests, eventIds, deliveries: shuffle([...eventIds, ...repeated]), checkoutMs };
}

/** What the dashboard refund gives back: half the contribution, in whole dollars. */
const refundOf = (guest: Guest) => Math.floor((guest.perSeat * guest.seats) / 2) * 100;

/** The event as Stripe POSTs it: its JSON, signed with the endpoint's secret at the moment of sending. */
const signer = new Stripe("sk_test_signer_only");
async function post(webhookUrl: string, fake: StripeFake, event: Stripe.Event): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
  const response = await fetch(webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
  return { status: response.status, text: await response.text() };
}

/**
 * CPU seconds a process has used (Linux /proc; undefined elsewhere). On a shared machine the rate
 * depends on what else runs; the server's CPU per event does not.
 */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    // utime and stime, fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** POSTs the deliveries `CONCURRENCY` at a time (timed), then sends again, as Stripe does, those not answered 2xx. */
async function deliver(server: Server, fake: StripeFake, deliveries: string[]): Promise<Delivered> {
  const { webhookUrl } = server;
  const byId = new Map(fake.events.map((event) => [event.id, event]));
  const result: Delivered = { seconds: 0, applied: 0, alreadyApplied: 0, notYetKnown: 0, other: 0, retried: 0 };
  const again: string[] = [];
  const count = (answer: { status: number; text: string }, id: string) => {
    if (answer.status === 200 && answer.text === "Applied.") result.applied++;
    else if (answer.status === 200 && answer.text === "Already applied.") result.alreadyApplied++;
    else {
      if (answer.status === 409) result.notYetKnown++;
      else result.other++;
      again.push(id);
    }
  };
  let next = 0;
  const cpuBefore = server.cpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const id = deliveries[next++]!;
        count(await post(webhookUrl, fake, byId.get(id)!), id);
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  const cpuAfter = server.cpuSeconds();
  result.serverCpuSeconds = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  for (let pass = 0; pass < 5 && again.length > 0; pass++) {
    const retry = again.splice(0);
    for (const id of retry) {
      result.retried++;
      const answer = await post(webhookUrl, fake, byId.get(id)!);
      if (answer.status === 200 && answer.text === "Applied.") result.applied++;
      else if (answer.status === 200) result.alreadyApplied++;
      else again.push(id);
    }
  }
  if (again.length > 0) throw new Error(`${again.length} events were never applied`);
  return result;
}

type Server = Awaited<ReturnType<typeof startServer>>;

async function startServer(env: Record<string, string>) {
  const serverPort = await port();
  const server = await startProductionServer(root, { port: serverPort, nodeArgs: serverNodeOptions, env: { DATABASE_URL: "", ...env } });
  const { base, child } = server;
  return {
    webhookUrl: `${base}/api/payments/stripe`,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    stop: server.stop,
  };
}

interface PaymentState {
  id: string;
  reservationId: string | null;
  status: string;
  amountCents: number;
  refundedCents: number;
  paid: boolean;
  updatedAt: string;
  receipts: number;
}

/** Every payment with its receipts in the outbox, and how many provider events are stored: what a replay must not change. */
async function snapshot(db: Database): Promise<{ payments: PaymentState[]; storedEvents: number }> {
  const payments = await queryRows<PaymentState>(
    db,
    sql`select p.id, p.reservation_id as "reservationId", p.status::text as status, p.amount_cents as "amountCents", p.refunded_cents as "refundedCents",
          p.paid_at is not null as paid, p.updated_at::text as "updatedAt",
          (select count(*) from outbox o where o.idempotency_key = 'contribution-receipt:' || p.id)::int as receipts
        from payments p order by p.id`,
  );
  const [stored] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from payment_events`);
  return { payments: payments.map((row) => ({ ...row, amountCents: Number(row.amountCents), refundedCents: Number(row.refundedCents), receipts: Number(row.receipts) })), storedEvents: Number(stored!.count) };
}

/** What is wrong with each guest's final state, as the payments table and the guest list (the reservations' door) say it. */
async function wrongStates(db: Database, rounds: Round[], payments: PaymentState[]): Promise<string[]> {
  const problems: string[] = [];
  const guests = rounds.flatMap((round) => round.guests);
  const states = await guestContributions(db, guests.map((guest) => ({ id: guest.reservationId, seats: guest.seats, donation: guest.donation })));
  for (const guest of guests) {
    const own = payments.filter((payment) => payment.reservationId === guest.reservationId);
    const amount = guest.perSeat * guest.seats * 100;
    const paid = guest.scenario === "card" || guest.scenario === "debit paid" || guest.scenario === "refunded in part";
    const status = { card: "paid", "debit paid": "paid", "debit failed": "failed", expired: "expired", "refunded in part": "partly_refunded" }[guest.scenario];
    const refunded = guest.scenario === "refunded in part" ? refundOf(guest) : 0;
    const payment = own[0];
    const state = states.get(guest.reservationId);
    const seen = payment ? `${payment.status}, ${payment.amountCents}¢, ${payment.refundedCents}¢ refunded, ${payment.receipts} receipts` : "no payment";
    if (own.length !== 1) problems.push(`${guest.reservationId} (${guest.scenario}): ${own.length} payments`);
    else if (payment!.status !== status || payment!.amountCents !== amount || payment!.refundedCents !== refunded || payment!.paid !== paid || payment!.receipts !== (paid ? 1 : 0)) {
      problems.push(`${guest.reservationId} (${guest.scenario}): ${seen}`);
    } else if (!state || state.kind !== (paid ? "paid" : "unpaid") || (state.kind === "paid" && (state.paidCents !== amount || state.refundedCents !== refunded))) {
      problems.push(`${guest.reservationId} (${guest.scenario}): the guest list says ${state ? JSON.stringify(state) : "nothing"}`);
    }
  }
  return problems;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () => `${loadavg().map((value) => value.toFixed(2)).join(" ")} on ${availableParallelism()} cores`;

async function run(label: string, database: { databaseUrl: string } | { dataDir: string }): Promise<boolean> {
  const loadBefore = load();
  const fake = new StripeFake();
  await fake.start(await port());
  fake.holdWebhooks = true;
  const serverEnv = {
    ...("databaseUrl" in database ? { DATABASE_URL: database.databaseUrl } : { DATA_DIR: database.dataDir }),
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_BASE: fake.url,
  };
  try {
    // The rows and checkouts are written before the server opens the database (the embedded one has one owner).
    let handle = await openDatabase(database);
    await runMigrations(handle);
    const rounds = [await prepareRound(handle.db, fake, "warm-up", 0, WARM_UP_DELIVERIES)];
    for (let index = 1; index <= RUNS; index++) rounds.push(await prepareRound(handle.db, fake, `run ${index}`, index, DELIVERIES));
    await handle.close();

    let server = await startServer(serverEnv);
    const delivered: Delivered[] = [];
    try {
      for (const round of rounds) delivered.push(await deliver(server, fake, round.deliveries));
    } finally {
      await server.stop();
    }

    handle = await openDatabase(database);
    const before = await snapshot(handle.db);
    const problems = await wrongStates(handle.db, rounds, before.payments);
    await handle.close();

    // Every event once more, as Stripe may send any of them again days later: nothing may change.
    server = await startServer(serverEnv);
    let replay: Delivered;
    try {
      replay = await deliver(
        server,
        fake,
        rounds.flatMap((round) => round.eventIds),
      );
    } finally {
      await server.stop();
    }
    handle = await openDatabase(database);
    const after = await snapshot(handle.db);
    await handle.close();

    const measured = rounds.slice(1);
    const results = delivered.slice(1);
    const distinct = rounds.reduce((sum, round) => sum + round.eventIds.length, 0);
    const rates = results.map((result, index) => measured[index]!.deliveries.length / result.seconds);
    const rate = median(rates);
    const onPostgres = "databaseUrl" in database;
    console.log(`${label}: ${RUNS} runs of ${DELIVERIES} webhook deliveries (${DELIVERIES - Math.round(DELIVERIES * REPEAT_SHARE)} events + ${Math.round(DELIVERIES * REPEAT_SHARE)} repeats, shuffled), ${CONCURRENCY} at a time, after a warm-up of ${WARM_UP_DELIVERIES}`);
    for (const [index, result] of results.entries()) {
      const round = measured[index]!;
      console.log(
        `  ${round.label}: ${round.deliveries.length} in ${result.seconds.toFixed(2)} s = ${rates[index]!.toFixed(0)} events/s (${round.guests.length} reservations; applied ${result.applied}, "already applied" ${result.alreadyApplied}, refunds before their payment answered 409 and applied when sent again: ${result.notYetKnown}${result.other ? `, other answers ${result.other}` : ""}; server CPU ${result.serverCpuSeconds === undefined ? "n/a" : `${((result.serverCpuSeconds * 1000) / round.deliveries.length).toFixed(2)} ms`} per delivery)`,
      );
    }
    const cpuPerDelivery = results.every((result) => result.serverCpuSeconds !== undefined)
      ? median(results.map((result, index) => (result.serverCpuSeconds! * 1000) / measured[index]!.deliveries.length))
      : undefined;
    console.log(`  webhook, median of ${RUNS}: ${rate.toFixed(0)} events/s${onPostgres ? ` (target ≥ ${TARGET_PER_SECOND}: ${rate >= TARGET_PER_SECOND ? "met" : "MISSED"})` : ""}`);
    // The server is one Node process: its CPU per event bounds its rate whatever the machine has spare.
    if (cpuPerDelivery !== undefined) console.log(`  server CPU per event, median of ${RUNS}: ${cpuPerDelivery.toFixed(2)} ms (one core of its own would allow about ${(1000 / cpuPerDelivery).toFixed(0)}/s)`);

    console.log(`  opening a checkout (startContributionCheckout against the local Stripe stand-in, one at a time):`);
    const figures = measured.map((round) => {
      const sorted = [...round.checkoutMs].sort((a, b) => a - b);
      return { count: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), max: sorted.at(-1)! };
    });
    for (const [index, figure] of figures.entries()) {
      console.log(`    ${measured[index]!.label}: ${figure.count} checkouts, p50 ${ms(figure.p50)}, p95 ${ms(figure.p95)}, p99 ${ms(figure.p99)}, max ${ms(figure.max)}`);
    }
    console.log(`    median of ${RUNS}: p50 ${ms(median(figures.map((f) => f.p50)))}, p95 ${ms(median(figures.map((f) => f.p95)))}, p99 ${ms(median(figures.map((f) => f.p99)))}`);

    const guests = rounds.flatMap((round) => round.guests);
    const byScenario = Object.keys(EVENTS_OF)
      .map((scenario) => `${guests.filter((guest) => guest.scenario === scenario).length} ${scenario}`)
      .join(", ");
    const appliedOnce = delivered.reduce((sum, result) => sum + result.applied, 0) === distinct && before.storedEvents === distinct;
    const unchanged = JSON.stringify(before) === JSON.stringify(after) && replay.applied === 0 && replay.alreadyApplied === distinct;
    console.log(`  final states of ${guests.length} reservations (warm-up included: ${byScenario}): ${problems.length === 0 ? "all right (one payment each; paid once with one receipt, failed, expired or partly refunded as Stripe said)" : `${problems.length} WRONG`}`);
    for (const problem of problems.slice(0, 10)) console.log(`    ${problem}`);
    console.log(`  events: ${distinct} distinct, each applied once and stored once: ${appliedOnce ? "yes" : `NO (stored ${before.storedEvents})`}`);
    console.log(`  replay of all ${distinct} events: ${replay.alreadyApplied} answered "already applied", payments, receipts and stored events unchanged: ${unchanged ? "yes" : "NO"}`);
    console.log(`  load average before ${loadBefore}, after ${load()}`);
    console.log("");
    return problems.length === 0 && appliedOnce && unchanged;
  } finally {
    await fake.stop();
  }
}

let allRight = true;
const postgresUrl = process.env.BENCH_SKIP_POSTGRES === "1" ? undefined : await createPostgresDatabase();
if (postgresUrl) {
  try {
    allRight = (await run(`PostgreSQL (${new URL(postgresUrl).host}, database ${new URL(postgresUrl).pathname.slice(1)})`, { databaseUrl: postgresUrl })) && allRight;
  } finally {
    await dropPostgresDatabase(postgresUrl);
  }
}
if (process.env.BENCH_SKIP_PGLITE !== "1") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bench-payments-"));
  try {
    allRight = (await run("Embedded database (PGlite)", { dataDir })) && allRight;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
// Rates are reported, not enforced (the machine decides them); a wrong final state is a failure.
process.exit(allRight ? 0 : 1);
