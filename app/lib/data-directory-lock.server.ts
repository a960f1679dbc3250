import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import lockfile from "proper-lockfile";
import { log } from "./log.server";

export class DataDirectoryInUseError extends Error {
  constructor(public readonly dataDir: string) {
    super(
      `The data directory ${dataDir} is in use by another running server. ` +
        "Stop that server first, or give this one its own DATA_DIR (or use DATABASE_URL for a shared PostgreSQL).",
    );
    this.name = "DataDirectoryInUseError";
  }
}

interface Owner {
  pid: number;
  hostname: string;
}

/** How long a new owner may take between taking the lock and writing its record (a few ms in practice). */
const OWNER_SETTLE_MS = 300;

/**
 * Two processes on one PGlite directory would silently lose each other's writes, so the
 * directory is locked for as long as the server runs. The lock goes stale 15 s after its owner
 * stops refreshing it; to restart at once after a crash, the owner's pid and host are kept beside
 * the lock, and a lock whose owner is known to be gone (same host, no such process) is taken over.
 */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dir, "server.lock");
  const ownerPath = `${lockPath}.owner.json`;
  const lock = () =>
    lockfile.lock(dir, {
      lockfilePath: lockPath,
      stale: 15_000,
      update: 5_000,
      retries: 0,
      realpath: false,
      onCompromised: (error) => {
        log("error", "db", `lost the lock on ${dir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
  let release: () => Promise<void>;
  try {
    release = await lock();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    const owner = await deadOwner(ownerPath);
    if (!owner || !takeOver(lockPath)) throw new DataDirectoryInUseError(dir);
    log("warn", "db", `the previous server (pid ${owner.pid}) is no longer running; taking over ${dir}`);
    try {
      release = await lock();
    } catch (retryError) {
      // Another server took it over first.
      if ((retryError as NodeJS.ErrnoException).code === "ELOCKED") throw new DataDirectoryInUseError(dir);
      throw retryError;
    }
  }
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, hostname: hostname() } satisfies Owner));
  return release;
}

/**
 * The recorded owner when it is certainly gone. Read twice, a moment apart, so that a server that
 * has just taken the lock (and not yet written its record over a crashed one's) is not mistaken
 * for the crashed one.
 */
async function deadOwner(ownerPath: string): Promise<Owner | undefined> {
  const first = readOwner(ownerPath);
  if (!first || !isGone(first)) return undefined;
  await new Promise((resolve) => setTimeout(resolve, OWNER_SETTLE_MS));
  const second = readOwner(ownerPath);
  return second && second.pid === first.pid && second.hostname === first.hostname ? first : undefined;
}

function isGone(owner: Owner): boolean {
  // Another host's processes cannot be seen from here (a shared network drive): wait for staleness.
  if (owner.hostname !== hostname()) return false;
  // We do not hold the lock, so a record with our own pid is an earlier life of a restarted
  // container, where the server is pid 1 every time.
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

function readOwner(ownerPath: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(ownerPath, "utf8")) as Partial<Owner>;
    return typeof owner.pid === "number" && typeof owner.hostname === "string" ? (owner as Owner) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Removes a dead owner's lock. Renaming first is atomic: of two servers taking over at the same
 * moment only one moves the lock away; the other then finds the winner's new lock and is refused.
 */
function takeOver(lockPath: string): boolean {
  const moved = `${lockPath}.dead-${process.pid}`;
  try {
    renameSync(lockPath, moved);
  } catch {
    return false;
  }
  rmSync(moved, { recursive: true, force: true });
  return true;
}
