import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, rename, rm, stat } from "node:fs/promises";
import { pipeline } from "node:stream/promises";

/**
 * A backup file is ours when it starts with this line, then one line of JSON (the manifest), then
 * the database's own dump (PGlite's data-directory tarball, or pg_dump's custom format), then, from
 * format 2 on, the uploads folder as a gzipped tar. The manifest lets a restore refuse a stranger's
 * file, a truncated or damaged one, one for the other kind of database, or one made by a newer
 * version of the site, before it touches anything.
 */
export const BACKUP_MAGIC = "HARMONIA-BACKUP";
const FORMAT_VERSION = 2;
/** Format 1 (before docs/decisions/050) held the database alone; such files still restore it. */
const FORMATS_READ = [1, 2] as const;
/** A manifest is a few hundred bytes; anything longer before the first line breaks is not ours. */
const MAX_HEADER_BYTES = 64 * 1024;

export type BackupDriver = "pglite" | "postgres";

export interface BackupManifest {
  format: (typeof FORMATS_READ)[number];
  driver: BackupDriver;
  /** `pglite-datadir-tgz` or `pg_dump-custom`. */
  payload: string;
  createdAt: string;
  /** How many migrations the backed-up database had applied. */
  migrations: number;
  payloadBytes: number;
  sha256: string;
  /** From format 2: the uploads folder (UPLOADS_DIR), right after the database's payload. */
  uploads?: UploadsPayload;
}

export interface UploadsPayload {
  /** `uploads-tgz`: a gzipped tar of the folder's files, paths relative to it. */
  payload: string;
  files: number;
  bytes: number;
  sha256: string;
}

/** Where each payload lies in the file, once both have matched their size and checksum. */
export interface CheckedBackup {
  manifest: BackupManifest;
  payloadOffset: number;
  /** Undefined for a format-1 file, which holds no uploads. */
  uploadsOffset?: number;
}

/** A refusal a person can act on (wrong database, a running server, a newer backup): printed as it is, without a stack. */
export class BackupRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusedError";
  }
}

export class NotABackupError extends Error {
  constructor(file: string, reason: string) {
    super(`${file} is not a backup this site can restore: ${reason}.`);
    this.name = "NotABackupError";
  }
}

/**
 * Writes `file` atomically (a `.partial` renamed at the end): the manifest, then the database's
 * payload taken from `payloadFile`, then the uploads' from `uploads.file`.
 */
export async function writeBackupFile(
  file: string,
  manifest: Omit<BackupManifest, "format" | "payloadBytes" | "sha256" | "uploads">,
  payloadFile: string,
  uploads: { file: string; files: number },
): Promise<BackupManifest> {
  const database = await sizeAndChecksum(payloadFile);
  const archive = await sizeAndChecksum(uploads.file);
  const complete: BackupManifest = {
    format: FORMAT_VERSION,
    ...manifest,
    payloadBytes: database.bytes,
    sha256: database.sha256,
    uploads: { payload: "uploads-tgz", files: uploads.files, ...archive },
  };
  const partial = `${file}.partial`;
  try {
    // Owner-only whatever the caller's umask: a backup holds every password hash and session. A
    // `.partial` a crash left keeps its mode when opened again, so it goes first.
    await rm(partial, { force: true });
    const out = createWriteStream(partial, { mode: 0o600 });
    out.write(`${BACKUP_MAGIC}\n${JSON.stringify(complete)}\n`);
    await pipeline(createReadStream(payloadFile), out, { end: false });
    await pipeline(createReadStream(uploads.file), out);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return complete;
}

async function sizeAndChecksum(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return { bytes: (await stat(file)).size, sha256: hash.digest("hex") };
}

/** The manifest of `file` and where its payloads start; refuses anything that is not a whole backup of ours. */
export async function readBackupFile(file: string): Promise<CheckedBackup> {
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
    const expected = manifest.payloadBytes + (manifest.uploads?.bytes ?? 0);
    if (size - payloadOffset !== expected) {
      throw new NotABackupError(file, `it holds ${size - payloadOffset} bytes of data where its manifest says ${expected} (a copy cut short?)`);
    }
    const checksum = async (start: number, bytes: number) => {
      const hash = createHash("sha256");
      // An empty range reads nothing (createReadStream's `end` is inclusive).
      if (bytes > 0) await pipeline(handle.createReadStream({ start, end: start + bytes - 1, autoClose: false }), hash);
      return hash.digest("hex");
    };
    if ((await checksum(payloadOffset, manifest.payloadBytes)) !== manifest.sha256) {
      throw new NotABackupError(file, "its database does not match its checksum (the file is damaged)");
    }
    if (!manifest.uploads) return { manifest, payloadOffset };
    const uploadsOffset = payloadOffset + manifest.payloadBytes;
    if ((await checksum(uploadsOffset, manifest.uploads.bytes)) !== manifest.uploads.sha256) {
      throw new NotABackupError(file, "its uploaded files do not match their checksum (the file is damaged)");
    }
    return { manifest, payloadOffset, uploadsOffset };
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
  if (!FORMATS_READ.includes(value.format as never)) {
    throw new NotABackupError(file, `it is in format ${String(value.format)}, this version reads formats ${FORMATS_READ.join(" and ")} (made by a newer version of the site? upgrade first)`);
  }
  const valid =
    (value.driver === "pglite" || value.driver === "postgres") &&
    typeof value.payload === "string" &&
    typeof value.createdAt === "string" &&
    Number.isInteger(value.migrations) &&
    Number.isInteger(value.payloadBytes) &&
    typeof value.sha256 === "string" &&
    (value.format === 1 ? value.uploads === undefined : validUploads(value.uploads));
  if (!valid) throw new NotABackupError(file, "its manifest is incomplete");
  return value as BackupManifest;
}

function validUploads(value: Partial<UploadsPayload> | undefined): boolean {
  return (
    value !== undefined &&
    value.payload === "uploads-tgz" &&
    Number.isInteger(value.files) &&
    Number.isInteger(value.bytes) &&
    typeof value.sha256 === "string"
  );
}
