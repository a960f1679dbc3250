/**
 * Whether text holds a control character (NUL, tab, line breaks, DEL…). No slug or token we hand
 * out contains one, and PostgreSQL refuses NUL in text outright, so such input is answered as
 * unknown or bad before it reaches a query.
 */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what these look for
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]+/g;

/**
 * One-line text (a name, a phone number, a city) from a source nobody can ask to correct it (an
 * imported file): each run of control characters becomes a space, so a line break cannot smuggle
 * a second line into a name, nor a NUL reach the database.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").trim();
}
