import { createHash, randomBytes } from "node:crypto";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { logFailure } from "#app/lib/log.server";
import { can } from "#app/modules/access";
import { eventFormValues } from "./event-form";
import { failure, type EventActor, type EventFailure } from "./event-management.server";
import {
  EVENT_IMAGE_ASPECT,
  EVENT_IMAGE_WIDTHS,
  eventImageFileName,
  eventImagePath,
  MAX_EVENT_IMAGE_BYTES,
  MIN_EVENT_IMAGE_SIZE,
  SHARE_IMAGE_SIZE,
  STORED_EVENT_IMAGE_WIDTH,
  type EventImageVariant,
} from "./uploaded-event-image";

/** What staff read when an upload is refused; each ends by asking for the file again (a browser cannot keep it). */
export const eventImageUploadMessages = {
  forbidden: "You may not upload event images.",
  tooLarge: "The picture is larger than 10 MB. Choose a smaller file (everything else you typed is kept).",
  empty: "The chosen file is empty. Choose the file again (everything else you typed is kept).",
  notAnImage: "The file is not a JPEG, PNG or WebP picture. Choose a JPEG, PNG or WebP file (everything else you typed is kept).",
  tooManyPixels: "The picture is too large to process (over 50 megapixels). Choose a smaller one (everything else you typed is kept).",
  tooSmall: "The picture is too small: use one at least 400 pixels wide and 300 high. Choose the file again (everything else you typed is kept).",
  failed: "The picture could not be stored. Please choose the file again in a moment (everything else you typed is kept).",
} as const;

export type EventImageUploadOutcome =
  | { ok: true; image: string }
  | { ok: false; reason: "forbidden" | "invalid"; message: string };

/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
/** Formats told by the file's content (sharp reads the bytes, never the name or the browser's type). */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

/** Where uploaded event images live inside the uploads directory. */
export const eventImageDirectory = (uploadsDirectory: string) => path.join(uploadsDirectory, "events");

/**
 * Staff upload a picture for an event: checked by its content (a JPEG, PNG or WebP of at most
 * 10 MB and 50 megapixels), turned upright, stripped of its metadata (camera, GPS), cropped to the
 * card's 4:3 at 400, 800 and 1200 pixels wide and to 1200x630 for link previews, all WebP, and
 * written under names made of the bytes' hash, so a name never changes meaning and may be cached
 * for good. Answers the path the event stores.
 */
export async function uploadEventImage(
  actor: EventActor,
  input: { bytes: Uint8Array },
  options: { directory: string },
): Promise<EventImageUploadOutcome> {
  if (!can(actor, "manage-events")) return { ok: false, reason: "forbidden", message: eventImageUploadMessages.forbidden };
  return storeEventImage(input.bytes, options);
}

/**
 * The checks and the variants of an upload, for whoever is already allowed to store one (an
 * upload by staff above; the old site's images brought over by `npm run import:legacy`).
 */
export async function storeEventImage(bytes: Uint8Array, options: { directory: string }): Promise<EventImageUploadOutcome> {
  const input = { bytes };
  if (input.bytes.byteLength === 0) return invalid("empty");
  if (input.bytes.byteLength > MAX_EVENT_IMAGE_BYTES) return invalid("tooLarge");

  const source = () => sharp(input.bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let metadata: sharp.Metadata;
  try {
    metadata = await source().metadata();
  } catch (error) {
    return invalid(/pixel limit/i.test(String(error)) ? "tooManyPixels" : "notAnImage");
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) return invalid("notAnImage");
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) return invalid("tooManyPixels");
  // EXIF orientations 5–8 turn the picture a quarter: its upright size has the sides swapped.
  const [width, height] = (metadata.orientation ?? 1) >= 5 ? [metadata.height ?? 0, metadata.width ?? 0] : [metadata.width ?? 0, metadata.height ?? 0];
  if (width < MIN_EVENT_IMAGE_SIZE.width || height < MIN_EVENT_IMAGE_SIZE.height) return invalid("tooSmall");

  const hash = createHash("sha256").update(input.bytes).digest("hex").slice(0, 32);
  const sizes: [EventImageVariant, number, number][] = [
    ...EVENT_IMAGE_WIDTHS.map((w): [EventImageVariant, number, number] => [w, w, (w * EVENT_IMAGE_ASPECT.height) / EVENT_IMAGE_ASPECT.width]),
    ["share", SHARE_IMAGE_SIZE.width, SHARE_IMAGE_SIZE.height],
  ];
  try {
    // One variant at a time: libvips is fast, and the 2-core servers serve pages meanwhile.
    const files: [string, Buffer][] = [];
    for (const [variant, w, h] of sizes) {
      const webp = await source().rotate().resize(w, h, { fit: "cover", position: "attention" }).webp({ quality: 80 }).toBuffer();
      files.push([eventImageFileName(hash, variant), webp]);
    }
    await mkdir(options.directory, { recursive: true });
    for (const [name, bytes] of files) await writeAtomically(path.join(options.directory, name), bytes);
  } catch (error) {
    if (error instanceof Error && /unsupported|corrupt|premature|bad seek|vips/i.test(error.message)) return invalid("notAnImage");
    throw error;
  }
  return { ok: true, image: eventImagePath(hash, STORED_EVENT_IMAGE_WIDTH) };
}

function invalid(reason: Exclude<keyof typeof eventImageUploadMessages, "forbidden" | "failed">): EventImageUploadOutcome {
  return { ok: false, reason: "invalid", message: eventImageUploadMessages[reason] };
}

/** Written beside and renamed into place, so a reader never gets half a file (the same upload twice writes the same bytes). */
async function writeAtomically(file: string, bytes: Buffer) {
  const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  } finally {
    await rm(temporary, { force: true });
  }
}

/** The event form's file field. */
export const EVENT_IMAGE_FILE_FIELD = "imageFile";

/**
 * The event form as posted, with an uploaded picture (if one was chosen) stored and put in the
 * image field in place of the picker's choice. A refused file answers the form's failure: the
 * message under the file field, and every other value posted, so the form shows them again.
 */
export async function withUploadedEventImage(
  actor: EventActor,
  form: Record<string, unknown>,
  options: { directory: string },
): Promise<{ ok: true; form: Record<string, unknown> } | EventFailure> {
  const file = form[EVENT_IMAGE_FILE_FIELD];
  if (!(file instanceof Blob) || file.size === 0) return { ok: true, form };
  const refused = (reason: EventFailure["reason"], message: string) =>
    failure(reason, message, { fieldErrors: { [EVENT_IMAGE_FILE_FIELD]: message }, values: eventFormValues(form) as Record<string, string> });
  if (file.size > MAX_EVENT_IMAGE_BYTES) return refused("invalid", eventImageUploadMessages.tooLarge);
  let outcome: EventImageUploadOutcome;
  try {
    outcome = await uploadEventImage(actor, { bytes: new Uint8Array(await file.arrayBuffer()) }, options);
  } catch (error) {
    logFailure("events", "storing an uploaded event image", error);
    return refused("unavailable", eventImageUploadMessages.failed);
  }
  if (!outcome.ok) return refused(outcome.reason, outcome.message);
  // The upload wins over the picker: its path goes in the free field, marked as typed.
  return { ok: true, form: { ...form, image: outcome.image, imageShown: "", imageChoice: "" } };
}
