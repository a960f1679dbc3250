import { spawn, type ChildProcessByStdio } from "node:child_process";
import type { Readable } from "node:stream";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { dropDatabase, withAdminClient } from "./test-database";

const root = path.resolve(import.meta.dirname, "../..");
const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

/**
 * The old site's database for the legacy-import tests: a fresh database on the local PostgreSQL,
 * on the embedded runs too (the import's source is always PostgreSQL or a CSV folder).
 */
export const legacyServerUrl = () => process.env.DATABASE_URL ?? process.env.LEGACY_SOURCE_SERVER_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function createLegacySourceDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `harmonia_legacy_${randomBytes(6).toString("hex")}`;
  await withAdminClient(legacyServerUrl(), (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(legacyServerUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Where an import run writes: an embedded data folder (DATA_DIR) or a PostgreSQL database, and the uploads. */
export interface ImportTarget {
  DATA_DIR?: string;
  DATABASE_URL?: string;
  UPLOADS_DIR?: string;
}

/** The environment the import command runs in against `target`: ours, production, no .env, only the target's database. */
export function importCommandEnvironment(target: ImportTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HARMONIA_IGNORE_ENV_FILE: "1", NODE_ENV: "production", ...target };
  if (!target.DATABASE_URL) delete env.DATABASE_URL;
  return env;
}

/** Runs `npm run import:legacy -- <args>` as the operator would (tsx on scripts/import-legacy.ts), against the given database. */
export function runImportCommand(args: string[], target: ImportTarget): Promise<CommandRun> {
  const env = importCommandEnvironment(target);
  return runToEnd(spawn(process.execPath, [tsxCli, path.join(root, "scripts", "import-legacy.ts"), ...args], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }));
}

/** Collects a command's output until it exits (killed after 170 s, within a test's time). */
export function runToEnd(child: ChildProcessByStdio<null, Readable, Readable>): Promise<CommandRun> {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), 170_000);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}
