// Starts the site: validates configuration, opens and migrates the database, starts the outbox
// worker, then listens. Plain JavaScript so that `node server/main.js` runs without a build step
// of its own; the application itself comes from build/server (production) or Vite (--dev).
import http from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";
import { keepNewFilesPrivate } from "./private-umask.js";

// Before anything touches the disk: the database, backups and uploads are private.
keepNewFilesPrivate();

const development = process.argv.includes("--dev");
// React Router picks its development or production build from NODE_ENV when it loads.
process.env.NODE_ENV ??= development ? "development" : "production";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const serverBuild = path.join(root, "build", "server", "index.js");

// Settings may also live in a .env file beside package.json; the real environment wins.
const envFile = path.join(root, ".env");
if (existsSync(envFile) && !process.env.HARMONIA_IGNORE_ENV_FILE) process.loadEnvFile(envFile);

async function loadApplication() {
  if (development) {
    const { createServer } = await import("vite");
    const vite = await createServer({ root, server: { middlewareMode: true }, appType: "custom" });
    const application = await vite.ssrLoadModule("/server/app.ts");
    return { application, vite };
  }
  if (!existsSync(serverBuild)) {
    console.error("No production build found. Run `npm run build` first (npm start does it for you).");
    process.exit(1);
  }
  return { application: await import(serverBuild), vite: undefined };
}

function explain(error) {
  if (["InvalidEnvironmentError", "DataDirectoryInUseError", "DatabaseUnreachableError"].includes(error?.name)) return error.message;
  return error?.stack ?? String(error);
}

const { application, vite } = await loadApplication();
// No database error may end the server; see server/database-rejections.ts.
process.on("unhandledRejection", application.handleUnhandledRejection);

let runtime;
try {
  const env = application.getEnv();
  // Built, the bounce poller runs on a thread of its own (on PostgreSQL): its entry sits beside the server's.
  runtime = await application.startRuntime(env, { bounceWorkerFile: development ? undefined : path.join(root, "build", "server", "bounce-worker.js") });
} catch (error) {
  console.error(`[server] cannot start: ${explain(error)}`);
  await vite?.close();
  process.exit(1);
}

const { env } = runtime;

let stopping = false;
// Requests being answered, so a shutdown knows when the last one has finished.
const openResponses = new Set();
let lastRequestDone;
function trackRequest(res) {
  openResponses.add(res);
  // While shutting down, each answer closes its connection, so no keep-alive connection lingers.
  if (stopping) res.setHeader("Connection", "close");
  res.once("close", () => {
    openResponses.delete(res);
    if (openResponses.size === 0) lastRequestDone?.();
  });
}

const app = application.createServerApp(runtime);
const listener = getRequestListener(app.fetch);
const server = http.createServer(
  {
    // A client that dribbles its request (a byte every few seconds) would otherwise hold a
    // connection for minutes (Node's defaults: 60 s for the headers, 5 min for the request).
    // Headers get 10 s; the whole request, body included, 60 s (a 1 MB form at 150 kB/s fits).
    // Node checks these every `connectionsCheckingInterval` (default 30 s), hence 1 s.
    headersTimeout: 10_000,
    requestTimeout: 60_000,
    connectionsCheckingInterval: 1_000,
  },
  (req, res) => {
    trackRequest(res);
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  },
);
// Longer than the idle timeout of the proxy in front (deploy/Caddyfile: 30 s; common load
// balancers: 60 s), so it never reuses a connection this server has just closed.
server.keepAliveTimeout = 65_000;

server.on("error", async (error) => {
  const reason = error.code === "EADDRINUSE" ? `port ${env.PORT} is already in use (set PORT to another one)` : error.message;
  console.error(`[server] cannot listen: ${reason}`);
  await application.stopRuntime(runtime);
  process.exit(1);
});

server.listen(env.PORT, env.HOST, () => {
  const where = runtime.database.driver === "pglite" ? `embedded database in ${runtime.database.location}` : runtime.database.location;
  console.log(`[server] ${env.NODE_ENV} server on http://localhost:${env.PORT} (${where}; mail: ${runtime.mail.name})`);
  if (runtime.mail.name === "mailbox") console.log(`[server] no SMTP_URL: e-mails are kept in the dev mailbox at ${env.PUBLIC_URL}/dev/mailbox`);
});

/** Requests in progress get this long after the signal; what is left of 10 s goes to stopping the runtime. */
const REQUEST_GRACE_MS = 8_000;
const EXIT_DEADLINE_MS = 10_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Graceful shutdown (docs/decisions/046): /readyz turns 503 at once; after SHUTDOWN_DRAIN_SECONDS
 * (the proxy's health check has seen it by then) no new connection is accepted, idle keep-alive
 * connections close, open requests get until 8 s after the signal; then the runtime stops (outbox
 * sender gives back its unsent leases, jobs, database). Each step is logged once.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  const began = Date.now();
  const force = setTimeout(() => {
    console.error(`[server] shutdown took more than ${EXIT_DEADLINE_MS / 1000} s; exiting`);
    process.exit(1);
  }, EXIT_DEADLINE_MS);
  force.unref();
  application.beginDraining(runtime);
  const drainMs = (env.SHUTDOWN_DRAIN_SECONDS ?? 0) * 1000;
  console.log(`[server] ${signal}: shutting down; /readyz answers 503${drainMs > 0 ? `, still accepting for ${drainMs / 1000} s` : ""}`);
  if (drainMs > 0) await sleep(drainMs);

  const closed = new Promise((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  for (const res of openResponses) if (!res.headersSent) res.setHeader("Connection", "close");
  console.log(`[server] no longer accepting connections; ${openResponses.size} request(s) in progress`);
  if (openResponses.size > 0) {
    const finished = new Promise((resolve) => (lastRequestDone = resolve));
    const graceLeft = Math.max(0, REQUEST_GRACE_MS - (Date.now() - began));
    const allDone = await Promise.race([finished.then(() => true), sleep(graceLeft).then(() => false)]);
    if (allDone) console.log("[server] open requests finished");
    else console.warn(`[server] ${openResponses.size} request(s) still open after ${REQUEST_GRACE_MS / 1000} s; closing their connections`);
  }
  server.closeAllConnections();
  await closed;
  try {
    await application.stopRuntime(runtime, { deadline: began + EXIT_DEADLINE_MS - 500 });
    await vite?.close();
  } catch (error) {
    console.error("[server] error while stopping:", error);
  }
  console.log(`[server] stopped in ${((Date.now() - began) / 1000).toFixed(1)} s`);
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
