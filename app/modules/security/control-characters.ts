import { z } from "zod/mini";

// eslint-disable-next-line no-control-regex -- control characters are exactly what these look for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;
/** What text of several lines may not hold: every control character but tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * Whether text holds a control character (NUL, tab, line breaks, DEL…). No slug or token we hand
 * out contains one, and PostgreSQL refuses NUL in text outright, so such input is answered as
 * unknown or bad before it reaches a query.
 */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * One-line text (a name, a phone number, a city) from a source nobody can ask to correct it (an
 * imported file): each run of control characters becomes a space, so a line break cannot smuggle
 * a second line into a name, nor a NUL reach the database.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").trim();
}

/** What a field with a control character in it says (the spec has no words for it). */
export const unusualCharactersMessage = "Please remove unusual characters.";

/**
 * The checks every text field of a form or endpoint schema carries, so bad input is refused with
 * the field's message before it reaches a query (PostgreSQL refuses NUL, and a name with a line
 * break in it breaks every list and export it appears in). `oneLine` refuses every control
 * character; `severalLines` (a description, a message body) allows tab and line breaks, never
 * NUL. Usable in zod and zod/mini schemas alike (`.check(oneLine)`).
 */
export const oneLine = z.refine<string>((value) => !CONTROL_CHARACTER.test(value), unusualCharactersMessage);
export const severalLines = z.refine<string>((value) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(value), unusualCharactersMessage);

/**
 * The first field of a parsed JSON value holding a NUL (U+0000), named as a person reads it
 * (`email`, `to[1]`, `guest.name`), or null when none does; names are searched as well as values.
 * No field of ours takes a NUL and PostgreSQL refuses it in text, so the server's entry refuses
 * such a request with 400 before any page or endpoint runs (server/nul-input.ts). Walks with a
 * list, not recursion, and names a field only once found, so a deeply nested body can neither
 * exhaust the stack nor cost more than one visit of each value.
 */
export function fieldHoldingNul(input: unknown): string | null {
  const pending: Step[] = [{ value: input, key: "", parent: null }];
  for (let step = pending.pop(); step; step = pending.pop()) {
    const { value } = step;
    if (typeof value === "string") {
      if (value.includes("\u0000")) return nameOf(step);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) pending.push({ value: value[index], key: `[${index}]`, parent: step });
    } else if (value !== null && typeof value === "object") {
      for (const [key, child] of Object.entries(value).reverse()) {
        const field = { value: child, key, parent: step };
        if (key.includes("\u0000")) return nameOf(field);
        pending.push(field);
      }
    }
  }
  return null;
}

/** One value met on the walk: its key in its parent (a name, or `[index]`), and the parent's step. */
interface Step {
  value: unknown;
  key: string;
  parent: Step | null;
}

/** `to[1]`, `guest.name`: the keys from the top, the innermost 8 of them at most. */
function nameOf(step: Step): string {
  const keys: string[] = [];
  for (let at: Step | null = step; at?.parent && keys.length < 8; at = at.parent) keys.unshift(at.key);
  return readableName(keys.reduce((name, key) => (key.startsWith("[") || !name ? `${name}${key}` : `${name}.${key}`), "")) || "the request";
}

/** The name of the first form field (`[name, value]`, files left out by the caller) whose name or value holds a NUL, or null. */
export function formFieldHoldingNul(entries: Iterable<[string, string]>): string | null {
  for (const [name, value] of entries) if (name.includes("\u0000") || value.includes("\u0000")) return readableName(name);
  return null;
}

/** A field's name as the answer shows it: no control characters, at most 60 characters. */
function readableName(name: string): string {
  return withoutControlCharacters(name).slice(0, 60);
}

/** The 400 answer to a request with a NUL in a field: the fields' own words, and which field. */
export const nulCharacterMessage = (field: string) =>
  `${unusualCharactersMessage} “${readableName(field) || "A field's name"}” holds a NUL character (U+0000), which no field accepts.`;
