import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

/**
 * A backup file is ours when it starts with this line, then one line of JSON (the manifest), then
 * the database's own dump (PGlite's data-directory tarball, or pg_dump's custom format). The
 * manifest lets a restore refuse a stranger's file, a truncated one, one for the other kind of
 * database, or one made by a newer version of the site, before it touches anything.
 */
export const BACKUP_MAGIC = "HARMONIA-BACKUP";
const FORMAT_VERSION = 1;
/** A manifest is a few hundred bytes; anything longer before the first line breaks is not ours. */
const MAX_HEADER_BYTES = 64 * 1024;

export type BackupDriver = "pglite" | "postgres";

export interface BackupManifest {
  format: typeof FORMAT_VERSION;
  driver: BackupDriver;
  /** `pglite-datadir-tgz` or `pg_dump-custom`. */
  payload: string;
  createdAt: string;
  /** How many migrations the backed-up database had applied. */
  migrations: number;
  payloadBytes: number;
  sha256: string;
}

export class NotABackupError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a backup this site can restore: ${reason}.`);
    this.name = "NotABackupError";
  }
}

/** Writes `file` atomically (a `.partial` renamed at the end): the manifest, then the payload taken from `payloadFile`. */
export async function writeBackupFile(file: string, manifest: Omit<BackupManifest, "format" | "payloadBytes" | "sha256">, payloadFile: string): Promise<BackupManifest> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(payloadFile), hash);
  const { size } = await stat(payloadFile);
  const complete: BackupManifest = { format: FORMAT_VERSION, ...manifest, payloadBytes: size, sha256: hash.digest("hex") };
  const partial = `${file}.partial`;
  try {
    const out = createWriteStream(partial);
    out.write(`${BACKUP_MAGIC}\n${JSON.stringify(complete)}\n`);
    await pipeline(createReadStream(payloadFile), out);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return complete;
}

/** The manifest of `file` and where its payload starts; refuses anything that is not a whole backup of ours. */
export async function readBackupFile(file: string): Promise<{ manifest: BackupManifest; payloadOffset: number }> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    throw new NotABackupError(file, (error as NodeJS.ErrnoException).code === "ENOENT" ? "there is no such file" : (error as Error).message);
  }
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(Math.min(size, MAX_HEADER_BYTES));
    await handle.read(head, 0, head.length, 0);
    const firstBreak = head.indexOf(10);
    const secondBreak = firstBreak < 0 ? -1 : head.indexOf(10, firstBreak + 1);
    if (firstBreak < 0 || head.subarray(0, firstBreak).toString("latin1") !== BACKUP_MAGIC || secondBreak < 0) {
      throw new NotABackupError(file, `it does not start with ${BACKUP_MAGIC} (it was not made by \`npm run backup\`)`);
    }
    const manifest = parseManifest(file, head.subarray(firstBreak + 1, secondBreak).toString("utf8"));
    const payloadOffset = secondBreak + 1;
    if (size - payloadOffset !== manifest.payloadBytes) {
      throw new NotABackupError(file, `it holds ${size - payloadOffset} bytes of data where its manifest says ${manifest.payloadBytes} (a copy cut short?)`);
    }
    const hash = createHash("sha256");
    await pipeline(handle.createReadStream({ start: payloadOffset, autoClose: false }), hash);
    if (hash.digest("hex") !== manifest.sha256) throw new NotABackupError(file, "its data does not match its checksum (the file is damaged)");
    return { manifest, payloadOffset };
  } finally {
    await handle.close();
  }
}

function parseManifest(file: string, text: string): BackupManifest {
  let value: Partial<BackupManifest>;
  try {
    value = JSON.parse(text) as Partial<BackupManifest>;
  } catch {
    throw new NotABackupError(file, "its manifest is not readable");
  }
  if (value.format !== FORMAT_VERSION) throw new NotABackupError(file, `it is in format ${String(value.format)}, this version reads format ${FORMAT_VERSION}`);
  const valid =
    (value.driver === "pglite" || value.driver === "postgres") &&
    typeof value.payload === "string" &&
    typeof value.createdAt === "string" &&
    Number.isInteger(value.migrations) &&
    Number.isInteger(value.payloadBytes) &&
    typeof value.sha256 === "string";
  if (!valid) throw new NotABackupError(file, "its manifest is incomplete");
  return value as BackupManifest;
}
