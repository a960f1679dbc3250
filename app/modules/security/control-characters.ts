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
