import { z } from "zod";
import { oneLine, severalLines } from "#app/modules/security";
import { chosenImage } from "./event-images";

/**
 * The event form's one schema: the staff page checks it in the browser, the action checks it again
 * (authoritative). Input is the form's strings; output is what the use cases store. Browser-safe.
 */
export const eventFormMessages = {
  title: "Title is required",
  image: "Image is required",
  imagePath: "Image must be a site path starting with / or an https:// address",
  date: "Date is required",
  dateFormat: "Date must be a real date (YYYY-MM-DD)",
  time: "Time is required",
  timeFormat: "Time must be a time of day (HH:MM)",
  description: "Description is required",
  ticketsLink: "Tickets link must be a full address starting with https://",
  maxSeats: "Max seats must be a whole number of at least 1, or empty for no on-site reservations",
  /** Ticked 'Takes reservations on this site' with Max seats empty. */
  maxSeatsNeeded: "Max seats is needed when the event takes reservations on this site (50 is usual)",
  reservations: "Takes reservations on this site must be ticked or not",
  placement: "Placement must be none, RSVP main card or VIP",
} as const;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`).check(oneLine);
/** A required text field: trimmed, at most `max` characters, one line unless `lines` says otherwise. */
export const required = (message: string, max: number, lines = oneLine) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`).check(lines);
/** An empty optional field is stored as null. */
const optional = (max: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .pipe(text(max))
    .transform((value) => value || null);

/** A calendar date typed as YYYY-MM-DD that exists (no 31 February), years 2000–2100. */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A site path ('/media/images/x.svg', never '//host') or an https address. */
export function isImageReference(value: string): boolean {
  if (/[\s"'<>\\]/.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  return isHttpsUrl(value);
}

export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

/** A time of day as a time input sends it: HH:MM (seconds :00 allowed). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d(:00)?$/;

export const eventFormSchema = z.object({
  title: required(eventFormMessages.title, 200),
  image: required(eventFormMessages.image, 500).refine(isImageReference, eventFormMessages.imagePath),
  date: required(eventFormMessages.date, 40).refine(isRealDate, eventFormMessages.dateFormat),
  time: required(eventFormMessages.time, 40).regex(TIME_OF_DAY, eventFormMessages.timeFormat),
  description: required(eventFormMessages.description, 5000, severalLines),
  location: optional(200),
  address: optional(300),
  ticketsLink: optional(500).refine((value) => value === null || isHttpsUrl(value), eventFormMessages.ticketsLink),
  button: optional(40),
  /**
   * 'Takes reservations on this site': the form posts a hidden "off" before the box's "on", so the
   * last value says what the person left it as (ticked "on", unticked "off"). A post without the
   * field at all (an older form, a script) leaves it to Max seats, as before the choice existed.
   */
  reservations: z.enum(["on", "off"], { error: eventFormMessages.reservations }).optional(),
  /** The Max seats the form was served with (a hidden field): tells a number left over from one typed. */
  maxSeatsShown: z.string().max(20).optional(),
  maxSeats: z
    .string()
    .optional()
    .transform((value) => value?.trim() ?? "")
    .refine((value) => value === "" || (/^\d{1,6}$/.test(value) && Number(value) >= 1), eventFormMessages.maxSeats)
    .transform((value) => (value === "" ? null : Number(value))),
  placement: z
    .enum(["", "none", "rsvp", "vip"], { error: eventFormMessages.placement })
    .optional()
    .transform((value) => (value === "rsvp" || value === "vip" ? value : null)),
  soldOut: z
    .string()
    .optional()
    .transform((value) => value === "on" || value === "true"),
})
  .check((payload) => {
    // Ticked needs a number: the person asked for reservations and must say how many.
    if (payload.value.reservations === "on" && payload.value.maxSeats === null) {
      payload.issues.push({ code: "custom", path: ["maxSeats"], message: eventFormMessages.maxSeatsNeeded, input: payload.value });
    }
  })
  .overwrite((data) => (data.maxSeats !== null && !chosenReservations({ ...data, maxSeats: String(data.maxSeats) }) ? { ...data, maxSeats: null } : data));

/**
 * The server's rule for the choice and Max seats together (docs/decisions/056): whether a posted
 * form means reservations on this site. Ticked: yes (with a number, or it is refused). Max seats
 * empty: no. Unticked with a number: the number the form showed (an event's seats, the
 * reservations page's 50) was left over, so the box wins and it is no; a number the person typed
 * means yes, as typing into Max seats ticks the box with JavaScript. No choice posted at all (an
 * older form, a script): the number decides, as before the choice existed. The page shows the box
 * as this reads it when it answers with the form again.
 */
export function chosenReservations(fields: { reservations?: string; maxSeats?: string; maxSeatsShown?: string }): boolean {
  const seats = fields.maxSeats?.trim() ?? "";
  if (fields.reservations === "on") return true;
  if (seats === "") return false;
  if (fields.reservations !== "off") return true;
  const shown = fields.maxSeatsShown?.trim() ?? "";
  return shown === "" || Number(shown) !== Number(seats);
}

/** The seats a new event taking reservations starts with: the spec's reservations page made 50. */
export const DEFAULT_MAX_SEATS = 50;

/**
 * The form's check in the browser: a picture chosen in the file field (sent with the form and
 * checked by the server) stands in for the image path, which the upload will fill.
 */
export const eventEditorSchema = z.preprocess((input) => {
  const fields = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
  return fields.imageFileChosen === "yes" && !String(fields.image ?? "").trim() ? { ...fields, image: "/media/events/upload" } : fields;
}, eventFormSchema);

export type EventFormInput = z.input<typeof eventFormSchema>;
export type EventFormData = z.output<typeof eventFormSchema>;

/** What a form posted, before parsing: any field may be missing. */
export type EventFormFields = Partial<Record<keyof EventFormInput, string>>;

/** The form's field names, in the order they show. */
export const eventFormFields = Object.keys(eventFormSchema.shape) as (keyof EventFormInput)[];

/**
 * The strings a form posted for the event fields (files and unknown fields left out); the image is
 * the picker's choice (`chosenImage`), so a site image picked without JavaScript counts.
 */
export function eventFormValues(form: Record<string, unknown>): EventFormFields {
  const values: EventFormFields = {};
  for (const field of eventFormFields) {
    const value = form[field];
    if (typeof value === "string") values[field] = value;
  }
  const image = chosenImage(form);
  if (image) values.image = image;
  return values;
}
