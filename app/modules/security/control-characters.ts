/**
 * Whether text holds a control character (NUL, tab, line breaks, DEL…). No slug or token we hand
 * out contains one, and PostgreSQL refuses NUL in text outright, so such input is answered as
 * unknown or bad before it reaches a query.
 */
export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
  return /[\u0000-\u001f\u007f-\u009f]/.test(value);
}
