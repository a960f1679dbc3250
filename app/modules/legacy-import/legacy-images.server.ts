import { copyFile, mkdir, readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { eventImageDirectory, storeEventImage } from "~/modules/events/index.server";
import { uploadedImageHash } from "~/modules/events";

/**
 * The old site's event images: a path looked up in the folder given with `--images` (as written,
 * then by its file name), checked and cut into the site's variants exactly like a staff upload
 * (docs/decisions/044). The variants are made in a scratch folder while planning, so a dry run
 * leaves the site's uploads untouched, and copied into the uploads folder when the import applies.
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

export async function resolveLegacyImage(value: string | null | undefined, store: EventImageStore, done: Map<string, Promise<string | null>>): Promise<ResolvedImage> {
  const wanted = value?.trim();
  if (!wanted) return { path: store.defaultImage };
  // Addresses that already work as they are: the web, and the site's own media.
  if (/^https:\/\//i.test(wanted) || wanted.startsWith("/media/")) return { path: wanted };
  const fallback = (problem: string) => ({ path: store.defaultImage, problem: `${problem}: the default image is used` });
  if (!store.sourceFolder) return fallback(`image '${wanted}' not copied (no --images folder given)`);
  const file = await findImage(store.sourceFolder, wanted);
  if (!file) return fallback(`image '${wanted}' missing from ${store.sourceFolder}`);
  let pending = done.get(file);
  if (!pending) {
    pending = readFile(file).then(async (bytes) => {
      const outcome = await storeEventImage(new Uint8Array(bytes), { directory: eventImageDirectory(store.scratchDir) });
      return outcome.ok ? outcome.image : null;
    });
    done.set(file, pending);
  }
  const stored = await pending.catch(() => null);
  return stored ? { path: stored } : fallback(`image '${wanted}' is not a usable JPEG, PNG or WebP picture (at least 400x300)`);
}

async function findImage(folder: string, wanted: string): Promise<string | null> {
  const relative = wanted.replace(/^https?:\/\/[^/]+/i, "").replace(/^\/+/, "");
  for (const candidate of [path.join(folder, relative), path.join(folder, path.basename(relative))]) {
    if (!path.resolve(candidate).startsWith(path.resolve(folder))) continue;
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not there; try the next spelling
    }
  }
  return null;
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
