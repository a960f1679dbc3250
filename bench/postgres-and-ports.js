// What the benchmarks share: a free local port, a process's peak memory, and a throwaway PostgreSQL
// database on the server of BENCH_DATABASE_URL (or DATABASE_URL, else the local one), skipped when
// there is none.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function withAdmin(url, work) {
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database on the PostgreSQL server to use, or undefined when there is none. */
export async function createPostgresDatabase() {
  const configured = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const serverUrl = configured ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `harmonia_bench_${randomBytes(5).toString("hex")}`;
  try {
    await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  } catch (error) {
    if (configured) throw error;
    console.log(`PostgreSQL: no server at ${new URL(serverUrl).host} (${error.message}); skipped.\n`);
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropPostgresDatabase(url) {
  await withAdmin(url, (client) => client.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`));
}

/** Peak resident set size of a process in MB (Linux VmHWM), or undefined elsewhere (or once it has exited). */
export function peakRssMb(pid) {
  try {
    const kb = Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmHWM:\s+(\d+)/m)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    return undefined;
  }
}

/**
 * The production server (`node server/main.js`, built first) on `port`, as the benchmarks run it:
 * no mail, no demo content, no .env file; `env` adds to or overrides that, `nodeArgs` go before the
 * script (profiling options, an --import). Resolves once /healthz answers; `stop()` ends it.
 * @param {string} root
 * @param {{ port: number; env?: Record<string, string>; nodeArgs?: string[] }} options
 */
export async function startProductionServer(root, { port, env = {}, nodeArgs = [] }) {
  const { spawn } = await import("node:child_process");
  const path = await import("node:path");
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, "server", "main.js")], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: base, SMTP_URL: "", SEED_DEMO_CONTENT: "false", HARMONIA_IGNORE_ENV_FILE: "1", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error("The server exited during start-up");
    if (await fetch(`${base}/healthz`).then((response) => response.ok).catch(() => false)) break;
    if (tries > 600) throw new Error("The server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
