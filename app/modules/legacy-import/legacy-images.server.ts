import { constants } from "node:fs";
import { copyFile, lstat, mkdir, open, readdir, realpath } from "node:fs/promises";
import path from "node:path";
import { eventImageDirectory, storeEventImage } from "#app/modules/events/index.server";
import { EVENT_IMAGES, MAX_EVENT_IMAGE_BYTES, uploadedImageHash } from "#app/modules/events";
import { shown } from "./legacy-fields";

/**
 * The old site's event images: one of the picker's images (EVENT_IMAGES) is kept as it is; any
 * other path is looked up in the folder given with `--images` (as written, then by its file name;
 * never outside it, never through a symbolic link), checked and cut into the site's variants
 * exactly like a staff upload (docs/decisions/044); else the event gets the default image. The
 * variants are made in a scratch folder while planning, so a dry run leaves the site's uploads
 * untouched, and copied into the uploads folder when the import applies.
 */
export interface EventImageStore {
  /** The `--images` folder, if one was given. */
  sourceFolder?: string;
  /** The site's uploads folder (UPLOADS_DIR). */
  uploadsDir: string;
  /** Where the variants wait until the import applies. */
  scratchDir: string;
  /** The image an event gets when its own is missing. */
  defaultImage: string;
}

export interface ResolvedImage {
  path: string;
  /** Why the default image was used instead, for the report. */
  problem?: string;
}

export async function resolveLegacyImage(value: string | null | undefined, store: EventImageStore, done: Map<string, Promise<StoredImage>>): Promise<ResolvedImage> {
  const wanted = value?.trim();
  if (!wanted) return { path: store.defaultImage };
  // The form's picker images are the only paths kept as written: any other must be a file we import.
  if (SITE_IMAGES.has(wanted)) return { path: wanted };
  const fallback = (problem: string) => ({ path: store.defaultImage, problem: `${problem}: the default image is used` });
  if (!store.sourceFolder) return fallback(`image '${shown(wanted)}' is not one of the site's images and was not copied (no --images folder given)`);
  const found = await findImage(store.sourceFolder, wanted);
  if (!found) return fallback(`image '${shown(wanted)}' missing from ${store.sourceFolder}`);
  if ("refused" in found) return fallback(`image '${shown(wanted)}' refused: ${found.refused}`);
  let pending = done.get(found.file);
  if (!pending) {
    pending = storeImageFile(found.file, store);
    done.set(found.file, pending);
  }
  const stored = await pending;
  return "image" in stored ? { path: stored.image } : fallback(`image '${shown(wanted)}' ${stored.problem}`);
}

/** An image file made into the site's variants (in the scratch folder), or why it could not be. */
export type StoredImage = { image: string } | { problem: string };

async function storeImageFile(file: string, store: EventImageStore): Promise<StoredImage> {
  const usable = { problem: "is not a usable JPEG, PNG or WebP picture (at least 400x300)" };
  try {
    const bytes = await readRegularFile(file);
    if (!bytes) return { problem: `is larger than ${MAX_EVENT_IMAGE_BYTES / 1024 / 1024} MB` };
    const outcome = await storeEventImage(bytes, { directory: eventImageDirectory(store.scratchDir) });
    return outcome.ok ? { image: outcome.image } : usable;
  } catch {
    return usable;
  }
}

const SITE_IMAGES = new Set<string>(EVENT_IMAGES.map((image) => image.path));

/**
 * The file a legacy path names inside the folder (as written, then by its file name), or why it
 * is refused. Real paths are compared, against the folder's own real path and a separator (a bare
 * prefix would take '../images-secret/'), and nothing but a regular file is read: a symbolic link
 * could lead anywhere (/etc/passwd), a folder on the way that is a link is caught by the real path.
 */
async function findImage(folder: string, wanted: string): Promise<{ file: string } | { refused: string } | null> {
  let root: string;
  try {
    root = await realpath(folder);
  } catch {
    return null;
  }
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const inside = (candidate: string) => candidate.startsWith(prefix);
  const relative = wanted.replace(/^https?:\/\/[^/]+/i, "").replace(/^\/+/, "");
  const asWritten = path.resolve(root, relative);
  if (!inside(asWritten)) return { refused: "it leads out of the --images folder" };
  for (const candidate of [asWritten, path.join(root, path.basename(relative))]) {
    let entry;
    let real;
    try {
      entry = await lstat(candidate);
      real = await realpath(candidate);
    } catch {
      continue; // not there; try the next spelling
    }
    if (entry.isSymbolicLink()) return { refused: "it is a symbolic link (only files in the folder itself are read)" };
    if (!entry.isFile()) return { refused: "it is not a regular file" };
    if (!inside(real)) return { refused: "it leads out of the --images folder" };
    return { file: real };
  }
  return null;
}

/**
 * The file's bytes (null when it is over the upload's limit), opened without following a link and
 * checked again on the open file, so what is read is the regular file just looked at, even if the
 * folder changed in between.
 */
async function readRegularFile(file: string): Promise<Uint8Array | null> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error(`${file} is not a regular file`);
    if (info.size > MAX_EVENT_IMAGE_BYTES) return null;
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Copies the variants of the images the import uses from the scratch folder into the site's uploads. */
export async function publishImportedImages(store: EventImageStore, images: string[]): Promise<void> {
  const hashes = new Set(images.map((image) => uploadedImageHash(image)).filter((hash): hash is string => Boolean(hash)));
  if (hashes.size === 0) return;
  const from = eventImageDirectory(store.scratchDir);
  const to = eventImageDirectory(store.uploadsDir);
  await mkdir(to, { recursive: true });
  for (const name of await readdir(from)) if (hashes.has(name.slice(0, 32))) await copyFile(path.join(from, name), path.join(to, name));
}
