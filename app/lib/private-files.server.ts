import { chmod, lstat, readdir, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Takes group and other users' access away from folders that hold private data (issue 34). New
 * files are already owner-only (the umask every entry sets, server/private-umask.js); this is for
 * what was written before that, and for what a library writes with modes of its own (PGlite
 * creates its data files 0666 whatever the umask, also when it loads a backup).
 *
 * It only ever removes permissions (the owner's stay as they were), never follows a symbolic link
 * inside a folder, skips entries that vanish meanwhile, and stops after `MAX_ENTRIES`, so a start-up
 * never hangs on a folder that is not the site's own (a DATA_DIR set to a home folder, say).
 */
export interface PrivateFolder {
  folder: string;
  /**
   * What inside the folder is ours to tighten: everything, at every depth ("all"), or the files
   * directly in it whose names pass the test (a folder shared with other things, such as a backup
   * folder the operator chose).
   */
  contents: "all" | ((name: string) => boolean);
}

export interface TightenedFiles {
  folders: number;
  files: number;
  /** The folders (as given) in which something was tightened. */
  where: string[];
  /** Entries whose mode could not be changed (another user owns them). */
  failed: number;
  /** The walk stopped at `MAX_ENTRIES`. */
  truncated: boolean;
}

/** The embedded database is about 1,300 files; uploads a few per event. */
export const MAX_ENTRIES = 100_000;
const SHARED = 0o077;

export async function tightenPrivateFolders(folders: PrivateFolder[], options: { maxEntries?: number } = {}): Promise<TightenedFiles> {
  const maxEntries = options.maxEntries ?? MAX_ENTRIES;
  const result: TightenedFiles = { folders: 0, files: 0, where: [], failed: 0, truncated: false };
  let seen = 0;

  /** What `work` gives, or undefined when its entry vanished or could not be reached (counted as failed). */
  async function attempt<T>(work: Promise<T>): Promise<T | undefined> {
    try {
      return await work;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") result.failed += 1;
      return undefined;
    }
  }

  /** Owner-only for one entry whose mode is `mode`; true when it changed. */
  async function tighten(entry: string, mode: number, isFolder: boolean): Promise<boolean> {
    if ((mode & SHARED) === 0) return false;
    if ((await attempt(chmod(entry, mode & 0o700).then(() => true))) === undefined) return false;
    if (isFolder) result.folders += 1;
    else result.files += 1;
    return true;
  }

  const walked: string[] = [];
  const inside = (folder: string, parent: string) => path.relative(parent, folder).split(path.sep)[0] !== "..";
  for (const { folder, contents } of folders) {
    // Inside a folder already walked whole (uploads in DATA_DIR, the default): done.
    if (walked.some((parent) => inside(path.resolve(folder), parent))) continue;
    if (contents === "all") walked.push(path.resolve(folder));
    // The folder itself may be a link the operator set up (a volume elsewhere): that one is followed.
    const info = await attempt(stat(folder));
    if (!info?.isDirectory()) continue;
    let changed = await tighten(folder, info.mode, true);
    const pending = [folder];
    while (pending.length > 0 && !result.truncated) {
      const current = pending.pop()!;
      const entries = await attempt(readdir(current, { withFileTypes: true }));
      for (const entry of entries ?? []) {
        if (seen >= maxEntries) {
          result.truncated = true;
          break;
        }
        seen += 1;
        const isFolder = entry.isDirectory();
        if (contents !== "all" && (isFolder || !contents(entry.name))) continue;
        if (!isFolder && !entry.isFile()) continue;
        const child = path.join(current, entry.name);
        const childInfo = await attempt(lstat(child));
        // Replaced meanwhile (by a link, say): left alone.
        if (!childInfo || childInfo.isDirectory() !== isFolder || childInfo.isSymbolicLink()) continue;
        if (await tighten(child, childInfo.mode, isFolder)) changed = true;
        if (isFolder) pending.push(child);
      }
    }
    if (changed) result.where.push(folder);
  }
  return result;
}
