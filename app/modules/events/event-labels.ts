/**
 * The button texts that never open anything ('Past Event', 'Coming Soon', 'Private Event') and how
 * a stored text is read as one of them: the spec normalises them "regardless of case" (public-site.md
 * section 4), and staff type them with stray spaces. Pure and browser-safe; `event-past.server.ts`
 * reads the same normal form in SQL, so the spaces are spelled out here once for both.
 */
export const PAST_EVENT = "Past Event";
export const COMING_SOON = "Coming Soon";
export const PRIVATE_EVENT = "Private Event";

/**
 * A run of the characters a label's words may be spaced with: exactly JavaScript's `\s` (which
 * `String.prototype.trim` also strips), written out because PostgreSQL's `\s` depends on the
 * database's locale (under C.UTF-8 it misses U+FEFF). Both engines read this class the same way.
 */
export const LABEL_SPACES = "[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+";
const labelSpaces = new RegExp(LABEL_SPACES, "g");

/** A label's normal form: every run of spaces one space, none at either end, lower case ('  Past\tEVENT ' → 'past event'). */
export function normalisedLabel(text: string): string {
  return text.replace(labelSpaces, " ").replace(/^ | $/g, "").toLowerCase();
}

/** Labels that never open anything, in their canonical spelling, by their normal form. */
const disabledLabels = new Map([PAST_EVENT, COMING_SOON, PRIVATE_EVENT].map((label) => [normalisedLabel(label), label]));

/** The canonical disabled label for a button text ('past event ' → 'Past Event'), or null. */
export function disabledLabel(button: string | null): string | null {
  if (!button) return null;
  return disabledLabels.get(normalisedLabel(button)) ?? null;
}
