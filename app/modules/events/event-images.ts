/**
 * The site's event images the form's picker offers (the spec's fixed list of 10 paths). Staff may
 * type any other site path or https address in the free field.
 */
export const EVENT_IMAGES = [
  { path: "/media/images/event-candlelight.svg", label: "Candlelight" },
  { path: "/media/images/event-sunset.svg", label: "Sunset" },
  { path: "/media/images/event-full-moon.svg", label: "Full moon" },
  { path: "/media/images/event-yoga.svg", label: "Candlelight yoga" },
  { path: "/media/images/event-retreat.svg", label: "Retreat" },
  { path: "/media/images/event-living-room.svg", label: "Living room" },
  { path: "/media/images/event-garden.svg", label: "Garden" },
  { path: "/media/images/event-beach.svg", label: "Beach" },
  { path: "/media/images/event-breathwork.svg", label: "Breathwork" },
  { path: "/media/images/event-workshop.svg", label: "Workshop" },
] as const;

export const IMAGE_HINT = "Use 800x600 or larger; JPG, PNG or WebP";

/** The preview's failure text (the spec's words). */
export function imageNotFoundText(path: string): string {
  return `Image not found: ${path}`;
}

/** The image picker's fields as a form posts them. */
export interface ImagePickerFields {
  /** The free field: a path or https address. */
  image?: unknown;
  /** The site image whose radio button is on, if any. */
  imageChoice?: unknown;
  /** What the free field showed when the form was served. */
  imageShown?: unknown;
}

/**
 * The image a form chose. With JavaScript a pick fills the free field; before hydration and without
 * JavaScript the two are apart, so: a path typed in the free field (changed from what it showed)
 * wins, else the picked site image, else the free field as it was.
 */
export function chosenImage(fields: ImagePickerFields): string {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const typed = text(fields.image);
  if (typed && typed !== text(fields.imageShown)) return typed;
  return text(fields.imageChoice) || typed;
}
