/**
 * Uploaded event images (docs/decisions/044): each upload is stored as WebP files named by the
 * hash of the uploaded bytes, one per width the pages use, plus a 1200x630 one for link previews.
 * The event keeps the 800-wide one's path (a working address, as every other image field holds);
 * the others are found from it by name. Browser-safe: the card and the event page read it.
 */

/** Largest file staff may upload. */
export const MAX_EVENT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Smallest picture staff may upload (upright), so the 400-wide card never shows it blown up. */
export const MIN_EVENT_IMAGE_SIZE = { width: 400, height: 300 } as const;

/** The upload field's words: its hint before a file is chosen, and what it says of a chosen one at once. */
export const eventImageFieldText = {
  hint: `At least ${MIN_EVENT_IMAGE_SIZE.width} × ${MIN_EVENT_IMAGE_SIZE.height} pixels; JPEG, PNG or WebP, up to 10 MB. It is cropped to 4:3 for the cards and replaces the image above.`,
  size: (width: number, height: number) => `${width} × ${height} pixels`,
  tooSmall: (width: number, height: number) =>
    `The picture is ${width} × ${height} pixels, too small: use one at least ${MIN_EVENT_IMAGE_SIZE.width} pixels wide and ${MIN_EVENT_IMAGE_SIZE.height} high.`,
  tooLarge: (name: string) => `${name} is larger than 10 MB. Choose a smaller file.`,
  unreadable: "Chosen file: this browser cannot show it as a picture (the site checks it when you save).",
} as const;

/** Where uploaded event images are served from (app/routes/media/event-image.ts). */
export const UPLOADED_EVENT_IMAGE_PREFIX = "/media/events/";

/** The card's widths, at the card's 4:3. */
export const EVENT_IMAGE_WIDTHS = [400, 800, 1200] as const;
/** The width the event's `image` field names. */
export const STORED_EVENT_IMAGE_WIDTH = 800;
export const EVENT_IMAGE_ASPECT = { width: 4, height: 3 } as const;
/** Link previews (og:image): the size pageMeta declares. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export type EventImageVariant = (typeof EVENT_IMAGE_WIDTHS)[number] | "share";

const FILE_NAME = /^([0-9a-f]{32})-(400|800|1200|share)\.webp$/;

/** The file name of one variant of the upload with this content hash. */
export function eventImageFileName(hash: string, variant: EventImageVariant): string {
  return `${hash}-${variant}.webp`;
}

/** The hash and variant of a served file name, or null for any other name (nothing else is served). */
export function parseEventImageFileName(name: string): { hash: string; variant: EventImageVariant } | null {
  const match = FILE_NAME.exec(name);
  if (!match) return null;
  const variant = match[2] === "share" ? "share" : (Number(match[2]) as EventImageVariant);
  return { hash: match[1]!, variant };
}

/** The content hash of an uploaded image's path, or null for a preset, a site path or an https address. */
export function uploadedImageHash(image: string): string | null {
  if (!image.startsWith(UPLOADED_EVENT_IMAGE_PREFIX)) return null;
  const parsed = parseEventImageFileName(image.slice(UPLOADED_EVENT_IMAGE_PREFIX.length));
  return parsed ? parsed.hash : null;
}

export const eventImagePath = (hash: string, variant: EventImageVariant) => `${UPLOADED_EVENT_IMAGE_PREFIX}${eventImageFileName(hash, variant)}`;

/**
 * The `<img>` attributes for an event image: an upload gets a srcset of its widths (the browser
 * takes the one the layout needs), anything else is its path alone. `sizes` is the caller's layout.
 */
export function responsiveEventImage(image: string, sizes: string): { src: string; srcSet?: string; sizes?: string } {
  const hash = uploadedImageHash(image);
  if (!hash) return { src: image };
  return {
    src: eventImagePath(hash, STORED_EVENT_IMAGE_WIDTH),
    srcSet: EVENT_IMAGE_WIDTHS.map((width) => `${eventImagePath(hash, width)} ${width}w`).join(", "),
    sizes,
  };
}

/**
 * The picture for link previews (WhatsApp, Instagram, Facebook show raster pictures only): an
 * upload's 1200x630, another raster path as it is, nothing for an SVG (the brand's is used).
 */
export function shareableEventImage(image: string): string | undefined {
  const hash = uploadedImageHash(image);
  if (hash) return eventImagePath(hash, "share");
  return /\.(jpe?g|png|webp)$/i.test(image) ? image : undefined;
}
