// `npm start`: builds the site when there is no build or the sources are newer than it, then runs
// the production server (embedded database and demo content unless configured otherwise).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { keepNewFilesPrivate } from "#server/private-umask.js";

// Before anything touches the disk (the build, then the server in this process): see server/private-umask.js.
keepNewFilesPrivate();

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const buildMarker = path.join(root, "build", "server", "index.js");
const sources = ["app", "server", "db", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestChange(entry) {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats) return 0;
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestChange(path.join(entry, name))), stats.mtimeMs);
}

const builtAt = existsSync(buildMarker) ? statSync(buildMarker).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.log(builtAt ? "Sources changed since the last build; building…" : "No build yet; building…");
  const build = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit", shell: process.platform === "win32" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in this same process, so signals from a process manager reach it directly.
await import("#server/main.js");
