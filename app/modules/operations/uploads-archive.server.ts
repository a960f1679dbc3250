import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Pack, Unpack, type ReadEntry } from "tar";
import { BackupRefusedError, NotABackupError } from "./backup-file.server";
import { orElse } from "#app/lib/or-else";

/** An upload being written (event-image-upload's `<name>.<random>.tmp`, renamed when whole) is not a file yet. */
const IN_PROGRESS = /\.tmp$/;
/** The only kinds of entry an uploads archive may hold: no links, devices or FIFOs. */
const ENTRY_TYPES = new Set(["File", "OldFile", "ContiguousFile", "Directory"]);

/**
 * Writes the files under `uploadsDir` (recursively; none when it does not exist) into `archiveFile`
 * as a gzipped tar with paths relative to the folder. A link or a special file in it is refused
 * rather than followed or left out: a restore would refuse it, so the backup says so now.
 */
export async function packUploads(uploadsDir: string, archiveFile: string): Promise<{ files: number }> {
  const files = await uploadedFiles(path.resolve(uploadsDir));
  const pack = new Pack({ cwd: path.resolve(uploadsDir), gzip: true, portable: true, noDirRecurse: true, strict: true });
  for (const file of files) pack.add(file);
  pack.end();
  await pipeline(pack, createWriteStream(archiveFile));
  return { files: files.length };
}

async function uploadedFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(relative: string): Promise<void> {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT" && relative === "") return [];
      throw error;
    });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      // Forward slashes: the archive's paths are the same whatever system wrote them.
      const name = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(name);
      else if (entry.isFile()) {
        if (!IN_PROGRESS.test(entry.name)) found.push(name);
      } else {
        throw new BackupRefusedError(
          `${path.join(root, name)} is a link or a special file, which a backup does not carry. Replace it with the file itself (or remove it), then back up again.`,
        );
      }
    }
  }
  await walk("");
  return found;
}

/**
 * Unpacks the uploads archive of `files` files found at `offset` (`bytes` long) in `backupFile`
 * into the new folder `into`. Every entry is checked before it is written: a path that would leave
 * the folder (absolute, or with a `..` part) or a link refuses the whole archive, and `into` is
 * removed again.
 */
export async function unpackUploads(backupFile: string, archive: { offset: number; bytes: number; files: number }, into: string): Promise<{ files: number }> {
  const folder = path.resolve(into);
  let refusal: string | undefined;
  let files = 0;
  const unpack = new Unpack({
    cwd: folder,
    strict: true,
    // As root, node-tar would give the files the archive's owners; they belong to whoever restores.
    preserveOwner: false,
    filter: (entryPath, entry) => {
      const reason = refusalOf(folder, entryPath, (entry as ReadEntry).type);
      if (reason) {
        refusal ??= reason;
        return false;
      }
      if ((entry as ReadEntry).type !== "Directory") files += 1;
      return true;
    },
  });
  try {
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    // An archive without entries is an empty folder (node-tar, strict, calls it "unrecognized").
    if (archive.files === 0) return { files: 0 };
    if (archive.bytes === 0) throw new NotABackupError(backupFile, "its uploaded files are missing");
    await pipeline(createReadStream(backupFile, { start: archive.offset, end: archive.offset + archive.bytes - 1 }), unpack);
    if (refusal) throw new NotABackupError(backupFile, `its uploaded files ${refusal}; nothing was restored`);
    if (files !== archive.files) throw new NotABackupError(backupFile, `its uploads hold ${files} files where its manifest says ${archive.files}`);
  } catch (error) {
    await rm(folder, { recursive: true, force: true }).catch(orElse(undefined, "a temporary folder left behind holds nothing private beyond the uploads themselves, and the failure above is the one to report"));
    if (error instanceof NotABackupError) throw error;
    const { syscall, message } = error as NodeJS.ErrnoException;
    // The disk's refusal (no room, no write access) is the machine's to fix; anything else the tar or gzip reader says is the file's.
    if (syscall) throw new BackupRefusedError(`The uploaded files could not be unpacked into ${folder} (${message}). Make room or give this user write access there, then restore again.`);
    throw new NotABackupError(backupFile, `its uploaded files cannot be unpacked (${message})`);
  }
  return { files };
}

function refusalOf(folder: string, entryPath: string, type: string): string | undefined {
  if (!ENTRY_TYPES.has(type)) return `hold a link or a special file (${type} ${entryPath})`;
  const parts = entryPath.split("/");
  const outside =
    entryPath === "" ||
    entryPath.startsWith("/") ||
    /^[a-zA-Z]:/.test(entryPath) ||
    entryPath.includes("\\") ||
    entryPath.includes("\0") ||
    parts.includes("..") ||
    !path.resolve(folder, entryPath).startsWith(folder + path.sep);
  return outside ? `hold a path outside the uploads folder (${entryPath})` : undefined;
}

/**
 * The uploads folder is swapped by renaming it, which a mount point refuses (EBUSY): said before
 * the restore touches anything, with what to do instead.
 */
export async function checkUploadsFolderCanBeSwapped(uploadsDir: string): Promise<void> {
  const folder = path.resolve(uploadsDir);
  const [own, parent] = await Promise.all([stat(folder).catch(orElse(undefined, "no folder yet")), stat(path.dirname(folder)).catch(orElse(undefined, "no parent folder yet"))]);
  if (own && parent && own.dev !== parent.dev) {
    throw new BackupRefusedError(
      `UPLOADS_DIR (${folder}) is a mount point, which a restore cannot swap for the backup's folder. ` +
        "Mount the volume one level up and set UPLOADS_DIR to a folder inside it (move the files there), then restore again.",
    );
  }
}
