// `npm run test:deploy`: runs the deployment recipe of docs/deploy.md on this machine and checks it
// through the proxy (docs/decisions/046). Caddy (Debian's package) with deploy/Caddyfile, its
// internal CA standing in for Let's Encrypt; two instances of the production build on one fresh
// PostgreSQL database; a real SMTP sink. Then a rolling upgrade under load: 20 clients browse and
// reserve for 60 s while each instance in turn gets SIGTERM and is started again. Prints the
// figures, stops everything it started (also on failure) and exits 1 when a check fails.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { linkIn, SmtpSink, waitForMail } from "#tests/support/smtp-sink";

const root = path.resolve(import.meta.dirname, "..");
const caddyBinary = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
// Ports 4380-4399 (HARMONIA_DEPLOY_PORT_BASE moves them): HTTPS on base+10, instances on base+1 and base+2.
const portBase = Number(process.env.HARMONIA_DEPLOY_PORT_BASE ?? 4380);
const httpsPort = portBase + 10;
const httpPort = portBase + 9;
const instancePorts = [portBase + 1, portBase + 2];
const site = `https://localhost:${httpsPort}`;
const LOAD_SECONDS = 60;
const CLIENTS = 20;
const admin = "admin@harmonia.example";

const work = mkdtempSync(path.join(tmpdir(), "harmonia-deploy-"));
const checks: Array<{ name: string; ok: boolean; detail?: string }> = [];
function check(name: string, ok: boolean, detail?: string) {
  checks.push({ name, ok, detail });
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${detail ? ` (${detail})` : ""}`);
}

// ---------------------------------------------------------------- the parts this run starts

const started: ChildProcess[] = [];
let databaseUrl: string | undefined;
let sink: SmtpSink | undefined;

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

class Instance {
  child: ChildProcess | undefined;
  output = "";
  starts = 0;
  constructor(readonly port: number) {}

  start() {
    this.starts++;
    const log = createWriteStream(path.join(work, `instance-${this.port}.log`), { flags: "a" });
    // The environment of /etc/harmonia/harmonia.env (docs/deploy.md), with this run's addresses.
    const child = spawn(process.execPath, [path.join(root, "server", "main.js")], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        HARMONIA_IGNORE_ENV_FILE: "1",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATABASE_URL: databaseUrl,
        PUBLIC_URL: site,
        TRUST_PROXY: "1",
        SHUTDOWN_DRAIN_SECONDS: "2",
        SMTP_URL: sink!.url,
        MAIL_FROM: "Harmonia <hello@harmonia.example>",
        ADMIN_EMAILS: admin,
        EVENT_STAFF_EMAILS: "staff@harmonia.example",
        DATA_DIR: path.join(work, "data"),
        // The demo calendar gives the load something to reserve (never on a live site).
        SEED_DEMO_CONTENT: "true",
        // The load's 20 clients all come from this machine's address: every per-client limit is
        // scaled up for the run instead (docs/decisions/046).
        RATE_LIMIT_MULTIPLIER: "1000",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      this.output += chunk;
      log.write(chunk);
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      this.output += chunk;
      log.write(chunk);
    });
    started.push(child);
    this.child = child;
  }

  /** Waits until the instance itself (not through Caddy) answers /readyz with 200. */
  async ready(timeoutMs = 90_000) {
    const began = Date.now();
    for (;;) {
      if (this.child?.exitCode !== null) throw new Error(`The instance on ${this.port} exited:\n${this.output.slice(-3000)}`);
      const status = await fetch(`http://127.0.0.1:${this.port}/readyz`).then((response) => response.status, () => 0);
      if (status === 200) return Date.now() - began;
      if (Date.now() - began > timeoutMs) throw new Error(`The instance on ${this.port} did not become ready:\n${this.output.slice(-3000)}`);
      await sleep(100);
    }
  }

  /** SIGTERM as systemd sends it; resolves with the exit code and the seconds it took. */
  async terminate(): Promise<{ code: number | null; seconds: number }> {
    const child = this.child!;
    const began = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    return { code: await exited, seconds: (Date.now() - began) / 1000 };
  }
}

function startCaddy() {
  // deploy/Caddyfile as it is, with global options for this machine: no admin endpoint, the test
  // ports, and Caddy's own CA instead of Let's Encrypt (nothing here is reachable from outside).
  const recipe = readFileSync(path.join(root, "deploy", "Caddyfile"), "utf8");
  const caddyfile = recipe.replace(
    /^\{\n/m,
    `{\n\tadmin off\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tlocal_certs\n\tskip_install_trust\n`,
  );
  if (caddyfile === recipe) throw new Error("deploy/Caddyfile has no global options block to extend");
  const file = path.join(work, "Caddyfile");
  writeFileSync(file, caddyfile);
  const log = createWriteStream(path.join(work, "caddy.log"));
  const child = spawn(caddyBinary, ["run", "--config", file, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: work,
      XDG_DATA_HOME: path.join(work, "caddy-data"),
      XDG_CONFIG_HOME: path.join(work, "caddy-config"),
      HARMONIA_SITE: "localhost",
      HARMONIA_UPSTREAMS: instancePorts.map((port) => `127.0.0.1:${port}`).join(" "),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  started.push(child);
  return child;
}

// ---------------------------------------------------------------- HTTPS through Caddy

let agent: https.Agent;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  ms: number;
}

function request(method: string, pathname: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const began = performance.now();
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      {
        host: "127.0.0.1",
        servername: "localhost",
        port: httpsPort,
        method,
        path: pathname,
        agent,
        timeout: 30_000,
        headers: {
          Host: `localhost:${httpsPort}`,
          ...(options.body !== undefined
            ? { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(Buffer.byteLength(options.body)), Origin: site }
            : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - began }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error("timed out after 30 s")));
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** Tells an answer of ours (a page or JSON with a message) from the proxy's own (an empty body). */
function whoAnswered(answer: Answer): string {
  if (!answer.text.trim()) return "(empty body: the proxy's own answer)";
  const message = /role="alert"[^>]*>([^<]{1,160})/.exec(answer.text)?.[1] ?? answer.text.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim().slice(0, 120);
  return `(from an instance: ${message})`;
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function slugOf(listing: string, title: string): string {
  const words = title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)?.[1];
  if (!slug) throw new Error(`No link to ${title} on /events`);
  return slug;
}

const submissionKeyIn = (html: string) => /name="submissionKey"[^>]*value="([0-9a-f-]{36})"/.exec(html)?.[1] ?? /value="([0-9a-f-]{36})"[^>]*name="submissionKey"/.exec(html)?.[1];

// ---------------------------------------------------------------- the checks through the proxy

async function checkTheSite(): Promise<string[]> {
  const home = await request("GET", "/");
  check("the home page answers through Caddy over HTTPS", home.status === 200 && home.text.includes("<html"), `status ${home.status}`);
  // The instances believe Caddy's X-Forwarded-Proto only because TRUST_PROXY=1 matches the recipe.
  check("the instances see HTTPS through the proxy (Strict-Transport-Security sent)", Boolean(home.headers["strict-transport-security"]));
  const plain = await fetch(`http://127.0.0.1:${httpPort}/events`, { redirect: "manual", headers: { Host: `localhost:${httpPort}` } });
  check("plain HTTP is redirected to HTTPS", plain.status >= 300 && plain.status < 400 && (plain.headers.get("location") ?? "").startsWith("https://"), `status ${plain.status}`);

  const listing = await request("GET", "/events");
  check("the events page answers", listing.status === 200, `status ${listing.status}`);
  const demoSlug = slugOf(listing.text, "Candlelight Piano Meditation");
  const eventPage = await request("GET", `/events/${demoSlug}`);
  check("an event's page answers", eventPage.status === 200, `status ${eventPage.status}`);

  const asked = await request("POST", "/api/auth/sign-in/magic-link", {
    headers: { "Content-Type": "application/json", Origin: site },
    body: JSON.stringify({ email: admin, callbackURL: "/admin" }),
  });
  check("a sign-in link is asked for", asked.status === 200, `status ${asked.status}`);
  const mail = await waitForMail(sink!, admin).catch(() => undefined);
  const link = mail ? new URL(linkIn(mail, "/login/link?")) : undefined;
  check("the sign-in link arrives and points at PUBLIC_URL", link?.origin === site, link?.origin);
  const signedIn = await request("POST", "/login/link", { body: form({ token: link?.searchParams.get("token") ?? "", next: "/admin" }) });
  const setCookie = ([] as string[]).concat(signedIn.headers["set-cookie"] ?? []);
  const session = setCookie.find((value) => value.includes("session_token="));
  check("the link signs the admin in with a Secure cookie", Boolean(session) && /;\s*secure/i.test(session ?? ""), `status ${signedIn.status}`);
  const cookie = session?.split(";")[0] ?? "";
  for (const page of ["/admin", "/admin/eventreservations", "/admin/eventmanagement"]) {
    const answer = await request("GET", page, { headers: { Cookie: cookie } });
    check(`the staff page ${page} answers the admin`, answer.status === 200, `status ${answer.status}`);
  }
  const stranger = await request("GET", "/admin");
  check("a staff page turns away a visitor", stranger.status >= 300 && stranger.status < 500 && stranger.status !== 200, `status ${stranger.status}`);

  // Two events with room for the whole load, made as staff make them: a draft, then Publish.
  const titles = ["Deploy Check Evening", "Deploy Check Morning"];
  for (const [index, title] of titles.entries()) {
    const staffPost = (fields: Record<string, string>) => request("POST", "/admin/eventmanagement", { headers: { Cookie: cookie }, body: form(fields) });
    const created = await staffPost({
      intent: "create",
      title,
      image: "/media/images/event-garden.svg",
      date: `2027-0${index + 1}-15`,
      time: "19:00",
      description: "An evening of live piano.",
      location: "Test Hall",
      maxSeats: "100000",
    });
    const drafts = await request("GET", "/admin/eventmanagement?show=draft", { headers: { Cookie: cookie } });
    const row = drafts.text.slice(drafts.text.indexOf(`aria-label="${title}"`));
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1] ?? "";
    const published = await staffPost({ intent: "publish", id });
    check(`the admin creates and publishes "${title}"`, created.status === 200 && Boolean(id) && published.status === 200, `${created.status}, ${published.status}`);
  }
  const listed = await request("GET", "/events");
  const slugs = titles.map((title) => slugOf(listed.text, title));

  const reservePage = await request("GET", `/events/${slugs[0]}/reserve`);
  const key = submissionKeyIn(reservePage.text);
  check("the reservation form carries its submission key", Boolean(key));
  const reserved = await request("POST", `/events/${slugs[0]}/reserve`, {
    body: form({ name: "Deploy Check", email: "deploy-check@example.com", phone: "6195550100", seats: "2", ...(key ? { submissionKey: key } : {}) }),
  });
  check("a reservation is confirmed", reserved.status === 200 && reserved.text.includes("Reservation Confirmed!"), `status ${reserved.status}`);
  const confirmation = await waitForMail(sink!, "deploy-check@example.com").catch(() => undefined);
  check("its confirmation e-mail reaches the SMTP server", Boolean(confirmation), confirmation?.subject);
  return slugs;
}

// ---------------------------------------------------------------- the rolling upgrade under load

interface Sample {
  at: number;
  ms: number;
  ok: boolean;
  what: string;
  problem?: string;
  /** The instance's X-Request-Id, to find the request in its log. */
  requestId?: string;
}

async function rollingUpgrade(instances: Instance[], slugs: string[]) {
  const samples: Sample[] = [];
  const acknowledged: string[] = [];
  const began = Date.now();
  const until = began + LOAD_SECONDS * 1000;
  let rollingFrom = Infinity;
  let rollingTo = Infinity;

  async function client(index: number) {
    let round = 0;
    while (Date.now() < until) {
      round++;
      const slug = slugs[(index + round) % slugs.length]!;
      const pages = ["/", "/events", `/events/${slug}`];
      const page = pages[round % pages.length]!;
      await measure(`GET ${page === "/" || page === "/events" ? page : "/events/:slug"}`, () => request("GET", page), (answer) => answer.status === 200);
      if (round % 3 === 0) {
        const reservePage = await measure("GET /events/:slug/reserve", () => request("GET", `/events/${slug}/reserve`), (answer) => answer.status === 200);
        const key = reservePage ? submissionKeyIn(reservePage.text) : undefined;
        const email = `load-${index}-${round}@example.com`;
        const answer = await measure(
          "POST /events/:slug/reserve",
          () => request("POST", `/events/${slug}/reserve`, { body: form({ name: `Load ${index}`, email, phone: "", seats: "1", ...(key ? { submissionKey: key } : {}) }) }),
          (reply) => reply.status === 200 && reply.text.includes("Reservation Confirmed!"),
        );
        if (answer?.status === 200 && answer.text.includes("Reservation Confirmed!")) acknowledged.push(email);
      }
      await sleep(50 + Math.random() * 100);
    }
  }

  async function measure(what: string, send: () => Promise<Answer>, fine: (answer: Answer) => boolean): Promise<Answer | undefined> {
    const at = Date.now();
    try {
      const answer = await send();
      const ok = fine(answer);
      const requestId = answer.headers["x-request-id"];
      samples.push({ at, ms: answer.ms, ok, what, problem: ok ? undefined : `status ${answer.status} ${whoAnswered(answer)}`, requestId: requestId ? String(requestId) : undefined });
      return answer;
    } catch (error) {
      samples.push({ at, ms: Date.now() - at, ok: false, what, problem: error instanceof Error ? error.message : String(error) });
      return undefined;
    }
  }

  const restarts: Array<{ port: number; code: number | null; stopSeconds: number; readySeconds: number }> = [];
  async function roll() {
    await sleep(10_000);
    rollingFrom = Date.now();
    for (const instance of instances) {
      const stopped = await instance.terminate();
      instance.start();
      const readyMs = await instance.ready();
      restarts.push({ port: instance.port, code: stopped.code, stopSeconds: stopped.seconds, readySeconds: readyMs / 1000 });
      console.log(`     instance ${instance.port}: exit ${stopped.code} ${stopped.seconds.toFixed(1)} s after SIGTERM; ready again ${(readyMs / 1000).toFixed(1)} s after start`);
      // Two health checks, so Caddy sends it traffic again before the other one goes.
      await sleep(2_500);
    }
    rollingTo = Date.now();
  }

  console.log(`\n== rolling upgrade: ${CLIENTS} clients for ${LOAD_SECONDS} s, each instance restarted in turn`);
  await Promise.all([roll(), ...Array.from({ length: CLIENTS }, (_, index) => client(index))]);

  const p99 = (values: number[]) => {
    if (values.length === 0) return 0;
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
  };
  const phases = {
    before: samples.filter((sample) => sample.at < rollingFrom),
    during: samples.filter((sample) => sample.at >= rollingFrom && sample.at < rollingTo),
    after: samples.filter((sample) => sample.at >= rollingTo),
  };
  const failures = samples.filter((sample) => !sample.ok);
  console.log(`     requests ${samples.length}, failures ${failures.length}, reservations acknowledged ${acknowledged.length}`);
  for (const [phase, list] of Object.entries(phases)) {
    console.log(`     ${phase.padEnd(6)} ${String(list.length).padStart(6)} requests, ${list.filter((s) => !s.ok).length} failed, p99 ${p99(list.map((s) => s.ms)).toFixed(0)} ms`);
  }
  const byProblem = new Map<string, Sample[]>();
  for (const failure of failures) {
    const key = `${failure.what}: ${failure.problem}`;
    byProblem.set(key, [...(byProblem.get(key) ?? []), failure]);
  }
  for (const [problem, list] of byProblem) {
    const ids = list.flatMap((sample) => (sample.requestId ? [sample.requestId] : [])).slice(0, 3);
    const started = new Date(list[0]!.at).toISOString().slice(11, 23);
    console.log(`     ${list.length} × ${problem}; first at ${started}${ids.length ? `; request ids ${ids.join(", ")}` : ""}`);
  }

  check("the rolling upgrade finished", rollingTo !== Infinity);
  for (const restart of restarts) {
    check(`instance ${restart.port} exited 0 within 10 s of SIGTERM`, restart.code === 0 && restart.stopSeconds < 10, `${restart.stopSeconds.toFixed(1)} s, exit ${restart.code}`);
  }
  check("no request failed during the rolling upgrade", failures.length === 0, `${failures.length} of ${samples.length}`);
  check("reservations were taken under load", acknowledged.length > 0, `${acknowledged.length}`);

  // Every acknowledged reservation is stored once; every confirmation is sent once.
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  try {
    const stored = await database.query<{ email: string; count: string }>(
      "select visitor_email as email, count(*) from reservations where visitor_email like 'load-%' group by visitor_email",
    );
    const storedCount = new Map(stored.rows.map((row) => [row.email, Number(row.count)]));
    const missing = acknowledged.filter((email) => storedCount.get(email) !== 1);
    check("every acknowledged reservation is stored once", missing.length === 0, missing.length ? `${missing.length} not once, e.g. ${missing[0]}` : `${acknowledged.length}`);

    const deadline = Date.now() + 30_000;
    const mailsTo = (email: string) => sink!.received.filter((mail) => mail.to.includes(email)).length;
    while (Date.now() < deadline && acknowledged.some((email) => mailsTo(email) === 0)) await sleep(250);
    // A moment more, so a late duplicate would show.
    await sleep(1_000);
    const unsent = acknowledged.filter((email) => mailsTo(email) === 0);
    const repeated = [...storedCount.keys()].filter((email) => mailsTo(email) > 1);
    check("every confirmation e-mail is sent", unsent.length === 0, unsent.length ? `${unsent.length} missing, e.g. ${unsent[0]}` : `${acknowledged.length}`);
    check("no confirmation e-mail is sent twice", repeated.length === 0, repeated.length ? `${repeated.length} twice, e.g. ${repeated[0]}` : undefined);
    const outbox = await database.query<{ status: string; count: string }>("select status, count(*) from outbox where recipient like 'load-%' group by status");
    const notSent = outbox.rows.filter((row) => row.status !== "sent");
    check("the outbox holds every confirmation as sent", notSent.length === 0, outbox.rows.map((row) => `${row.status} ${row.count}`).join(", "));
  } finally {
    await database.end();
  }
  return { samples: samples.length, failures: failures.length, restarts };
}

// ---------------------------------------------------------------- the run

async function stopEverything() {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  }
  const deadline = Date.now() + 12_000;
  for (const child of started) {
    while (child.exitCode === null && child.signalCode === null && Date.now() < deadline) await sleep(100);
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
  await sink?.stop().catch(() => undefined);
  if (databaseUrl) {
    const name = new URL(databaseUrl).pathname.slice(1);
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).catch((error) => console.error("dropping the database:", error));
  }
  rmSync(work, { recursive: true, force: true });
}

async function main() {
  if (!existsSync(caddyBinary)) throw new Error(`Caddy is missing at ${caddyBinary}: apt-get install -y caddy (or set CADDY_PATH)`);
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    console.log("No production build: building it");
    if (spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" }).status !== 0) throw new Error("The build failed");
  }
  const began = Date.now();
  // The unit file itself cannot run here (no systemd in CI); its syntax can be checked where systemd's tools are.
  const analyze = spawnSync("systemd-analyze", ["verify", path.join(root, "deploy", "harmonia@.service")], { encoding: "utf8" });
  if (analyze.error) console.log("(systemd-analyze is not installed: deploy/harmonia@.service is not checked)");
  else check("deploy/harmonia@.service passes systemd-analyze verify", analyze.status === 0 && !analyze.stderr.trim(), analyze.stderr.trim() || undefined);
  const name = `harmonia_deploy_${randomBytes(5).toString("hex")}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  sink = await SmtpSink.onFreePort();
  await sink.start();

  console.log(`== the recipe: Caddy on ${site}, instances on ${instancePorts.join(" and ")}, database ${name}`);
  // Both at once on the empty database: start-up work is serialised under an advisory lock.
  const instances = instancePorts.map((port) => new Instance(port));
  for (const instance of instances) instance.start();
  const readyMs = await Promise.all(instances.map((instance) => instance.ready()));
  check("two instances started together on an empty database both come up", true, readyMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", "));

  startCaddy();
  const rootCertificate = path.join(work, "caddy-data", "caddy", "pki", "authorities", "local", "root.crt");
  const caddyDeadline = Date.now() + 30_000;
  for (;;) {
    if (existsSync(rootCertificate)) {
      agent ??= new https.Agent({ ca: readFileSync(rootCertificate), keepAlive: true, maxSockets: 64 });
      const status = await request("GET", "/readyz").then((answer) => answer.status, () => 0);
      if (status === 200) break;
    }
    if (Date.now() > caddyDeadline) throw new Error(`Caddy did not serve ${site}:\n${readFileSync(path.join(work, "caddy.log"), "utf8").slice(-3000)}`);
    await sleep(200);
  }

  console.log("\n== checks through the proxy");
  const slugs = await checkTheSite();
  const figures = await rollingUpgrade(instances, slugs);
  const outputs = instances.map((instance) => instance.output).join("\n");
  check("no instance logged a failure (500) while serving", !/handling a request failed/.test(outputs));
  console.log(`\n== ${checks.filter((item) => item.ok).length} of ${checks.length} checks passed in ${((Date.now() - began) / 1000).toFixed(0)} s; ${figures.samples} requests, ${figures.failures} failed`);
}

let failed = false;
const interrupted = () => {
  void stopEverything().finally(() => process.exit(130));
};
process.once("SIGINT", interrupted);
process.once("SIGTERM", interrupted);
try {
  await main();
} catch (error) {
  failed = true;
  console.error("\ntest:deploy stopped:", error instanceof Error ? error.message : error);
}
if (checks.some((item) => !item.ok)) {
  failed = true;
  console.error(`\nFailed: ${checks.filter((item) => !item.ok).map((item) => item.name).join("; ")}`);
  for (const file of ["caddy.log", ...instancePorts.map((port) => `instance-${port}.log`)]) {
    const where = path.join(work, file);
    if (!existsSync(where)) continue;
    const lines = readFileSync(where, "utf8").split("\n");
    // The lines that say what went wrong, wherever they are, then the last ones.
    const trouble = lines.filter((line) => /"level":"(error|warn)"|\b(5\d\d|error|failed)\b/i.test(line) && !/admin endpoint disabled/.test(line));
    if (trouble.length > 0) console.error(`\n--- errors and warnings in ${file}\n${trouble.slice(-60).join("\n")}`);
    console.error(`\n--- last lines of ${file}\n${lines.slice(-40).join("\n")}`);
  }
}
await stopEverything();
process.exit(failed ? 1 : 0);
