import { formatVenueDateTime } from "#app/lib/event-dates";

/**
 * An activity entry's before and after, as sentences a founder reads at a glance: 'Changed max seats
 * from 12 to 14', 'Set the ticket link to https://…', 'Turned reminders off'. The log stores raw
 * fields (so nothing is lost and new fields need no migration); this is only how the page says them.
 * Pure: no database, safe anywhere.
 */

/** How each stored field is named in a sentence; a field not listed is named from its key. */
const fieldNames: Record<string, string> = {
  maxSeats: "max seats",
  arrivedSeats: "seats arrived",
  remindersEnabled: "reminders",
  startsAt: "start",
  endsAt: "end",
  getTicketsLink: "ticket link",
  ticketUrl: "ticket link",
  imageUrl: "image",
  image: "image",
  isFeatured: "featured",
  featured: "featured",
  isActive: "shown on the site",
  placement: "special page",
  position: "place in the list",
  soldOut: "sold out",
  email: "e-mail",
  firstName: "first name",
  lastName: "last name",
  expiresAt: "expiry",
  held: "messages held",
  cancelledMessages: "messages cancelled",
  from: "copied from",
  rows: "rows",
  people: "people",
  slug: "address",
  button: "button",
  refund: "refund",
  paid: "paid",
  refunded: "refunded",
};

/** Internal ids say nothing to a person; the entry's subject already names the record. */
const hiddenFields = new Set(["fromId", "eventId", "id", "userId", "paymentId"]);

/** An amount of money as our code writes it ('$60', '$1,250.50'): read as it is, never quoted. */
const money = /^\$\d{1,3}(,\d{3})*(\.\d{2})?$/;

const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const longest = 80;

function fieldName(key: string): string {
  return fieldNames[key] ?? key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);
}

function say(value: unknown, timeZone: string): string {
  if (typeof value === "boolean") return value ? "on" : "off";
  if (typeof value === "number") return value.toLocaleString("en-US");
  if (typeof value === "string") {
    if (isoInstant.test(value) && !Number.isNaN(Date.parse(value))) return formatVenueDateTime(new Date(value), timeZone);
    // An enum-like word ('published', 'rsvp') reads plainly; anything a person typed is quoted.
    if (value.length <= 24 && /^[a-z][a-z-]*$/.test(value)) return value;
    if (money.test(value)) return value;
    const text = value.length > longest ? `${value.slice(0, longest - 1)}…` : value;
    return `‘${text}’`;
  }
  if (Array.isArray(value)) return value.map((item) => say(item, timeZone)).join(", ");
  return JSON.stringify(value);
}

function sentenceFor(key: string, before: unknown, after: unknown, timeZone: string): string {
  const name = fieldName(key);
  if (typeof after === "boolean" && (typeof before === "boolean" || isEmpty(before))) return `Turned ${name} ${after ? "on" : "off"}`;
  if (isEmpty(before)) return `Set ${name} to ${say(after, timeZone)}`;
  if (isEmpty(after)) return `Cleared ${name} (was ${say(before, timeZone)})`;
  return `Changed ${name} from ${say(before, timeZone)} to ${say(after, timeZone)}`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * One sentence per field. An edit (before and after) says what changed; a record of what was made
 * (after only) or removed (before only) lists its fields as 'Max seats: 12'.
 */
export function describeChanges(before: unknown, after: unknown, timeZone: string): string[] {
  const from = before && typeof before === "object" ? (before as Record<string, unknown>) : null;
  const to = after && typeof after === "object" ? (after as Record<string, unknown>) : null;
  const listed = (fields: Record<string, unknown>, suffix = "") =>
    Object.entries(fields)
      .filter(([key, value]) => !hiddenFields.has(key) && !isEmpty(value))
      .map(([key, value]) => `${capitalised(fieldName(key))}${suffix}: ${say(value, timeZone)}`);
  // Before and after naming different things (a refund: what was paid, then what was given back) is no edit of a field: each says its own.
  if (from && to && !Object.keys(from).some((key) => key in to)) return [...listed(to), ...listed(from, " before")];
  if (from && to) {
    return [...new Set([...Object.keys(from), ...Object.keys(to)])]
      .filter((key) => !hiddenFields.has(key) && JSON.stringify(from[key] ?? null) !== JSON.stringify(to[key] ?? null))
      .map((key) => sentenceFor(key, from[key], to[key], timeZone));
  }
  const only = to ?? from;
  return only ? listed(only) : [];
}
