import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createEmptyDatabase, dropDatabase, providedByVitest } from "./test-database";
import { freePort } from "./smtp-sink";

const root = path.resolve(import.meta.dirname, "../..");

export interface TestServer {
  url: string;
  /** The server's own PostgreSQL database on PostgreSQL runs. */
  databaseUrl?: string;
  process: ChildProcess;
  output(): string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(): Promise<number | null>;
}

export interface ServerRun {
  code: number | null;
  output: string;
}

function assertBuilt() {
  if (!existsSync(path.join(root, "build", "server", "index.js"))) {
    throw new Error("These tests run the production build: run `npm run build` first (npm test does).");
  }
}

/**
 * Starts the production server (`node server/main.js`) as its own process on a free port with its
 * own embedded data directory, or its own PostgreSQL database on PostgreSQL runs.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  assertBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-test-"));
  const databaseUrl = "DATA_DIR" in env ? undefined : await createEmptyDatabase();
  // On the embedded database, the run's migrated database rather than an empty folder: the server
  // then skips creating a database and finds its migrations done (tests/support/vitest-global-setup.ts).
  // A test that names DATA_DIR (a first start, a restart) gets exactly the folder it names.
  const migrated = "DATA_DIR" in env || env.DATABASE_URL || databaseUrl ? "" : await providedByVitest("migratedPgliteFolder");
  if (migrated) cpSync(migrated, path.join(dataDir, "pglite"), { recursive: true });
  const child = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${output}`);
    const healthy = await fetch(`${url}/healthz`).then((response) => response.ok).catch(() => false);
    if (healthy) break;
    if (Date.now() - started > 150_000) throw new Error(`The server did not become healthy:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }

  return {
    url,
    databaseUrl,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl) await dropDatabase(databaseUrl);
      return code;
    },
  };
}

/** Runs the server until it exits by itself (a start-up that must fail), with a time limit. */
export async function runServerUntilExit(env: Record<string, string>, timeoutMs = 30_000): Promise<ServerRun> {
  assertBuilt();
  const child = spawnServer(env);
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output };
}

const running = new Set<ChildProcess>();
// A test that times out never reaches its clean-up; its servers must not outlive the test run.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

function spawnServer(env: Record<string, string>) {
  const inherited = { ...process.env };
  // Each test decides its own database; a PostgreSQL run's URL must not leak into embedded ones.
  delete inherited.DATABASE_URL;
  const child = spawn(process.execPath, [path.join(root, "server", "main.js")], {
    cwd: root,
    // The demo content is what most tests read; on PostgreSQL it is seeded only when asked.
    env: { ...inherited, NODE_ENV: "production", SMTP_URL: "", SEED_DEMO_CONTENT: "true", HARMONIA_IGNORE_ENV_FILE: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}
