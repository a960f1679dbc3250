// Starts the site: validates configuration, opens and migrates the database, starts the outbox
// worker, then listens. Plain JavaScript so that `node server/main.js` runs without a build step
// of its own; the application itself comes from build/server (production) or Vite (--dev).
import http from "node:http";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getRequestListener } from "@hono/node-server";

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
  runtime = await application.startRuntime(env);
} catch (error) {
  console.error(`[server] cannot start: ${explain(error)}`);
  await vite?.close();
  process.exit(1);
}

const { env } = runtime;
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
    if (vite) vite.middlewares(req, res, () => listener(req, res));
    else listener(req, res);
  },
);
// Longer than the 60 s idle timeout of common load balancers, so they never reuse a connection
// this server has just closed.
server.keepAliveTimeout = 65_000;

server.on("error", async (error) => {
  const reason = error.code === "EADDRINUSE" ? `port ${env.PORT} is already in use (set PORT to another one)` : error.message;
  console.error(`[server] cannot listen: ${reason}`);
  await application.stopRuntime();
  process.exit(1);
});

server.listen(env.PORT, env.HOST, () => {
  const where = runtime.database.driver === "pglite" ? `embedded database in ${runtime.database.location}` : runtime.database.location;
  console.log(`[server] ${env.NODE_ENV} server on http://localhost:${env.PORT} (${where}; mail: ${runtime.mail.name})`);
  if (runtime.mail.name === "mailbox") console.log(`[server] no SMTP_URL: e-mails are kept in the dev mailbox at ${env.PUBLIC_URL}/dev/mailbox`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[server] ${signal}: finishing open requests and stopping`);
  const force = setTimeout(() => {
    console.error("[server] shutdown took too long; exiting");
    process.exit(1);
  }, 15_000);
  force.unref();
  server.close();
  server.closeIdleConnections?.();
  try {
    await application.stopRuntime();
    await vite?.close();
  } catch (error) {
    console.error("[server] error while stopping:", error);
  }
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
