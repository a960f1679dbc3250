// What a spreadsheet would read as a formula (CSV injection): the CSV exports' guard (csv.server.ts)
// and the names that are no names (greeting-name.ts) ask the same question. Browser-safe.

/**
 * Text a spreadsheet could read as a formula: its first visible character is = + - @, or one of
 * their full-width (＝ ＋ － ＠) or small (﹦ ﹢ ﹣ ﹫) forms, which some spreadsheets also accept;
 * or it starts with a tab or carriage return. Blanks, line breaks and invisible characters (zero
 * width space, joiners, BOM, soft hyphen and the other Unicode default-ignorables) before it do not
 * hide it. Only the start is looked at, so a line break further on changes nothing (papaparse's own
 * `escapeFormulae` missed '=HYPERLINK(…)' followed by a line break). One pass over the leading
 * invisible characters, no regular expression: the text comes from anyone.
 */
export function startsLikeFormula(text: string): boolean {
  if (text.startsWith("\t") || text.startsWith("\r")) return true;
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (isBlank(code) || isDefaultIgnorable(code)) continue;
    return FORMULA_CHARACTERS.has(code);
  }
  return false;
}

const FORMULA_CHARACTERS = new Set([
  0x3d, 0x2b, 0x2d, 0x40, // = + - @
  0xff1d, 0xff0b, 0xff0d, 0xff20, // full-width
  0xfe66, 0xfe62, 0xfe63, 0xfe6b, // small
]);

/** What JavaScript's `\s` matches (blanks, line breaks, no-break and ideographic spaces, BOM). */
function isBlank(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    code === 0x20 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt): characters shown as nothing. */
const DEFAULT_IGNORABLE: ReadonlyArray<readonly [number, number]> = [
  [0x00ad, 0x00ad], // soft hyphen
  [0x034f, 0x034f], // combining grapheme joiner
  [0x061c, 0x061c], // Arabic letter mark
  [0x115f, 0x1160], // Hangul fillers
  [0x17b4, 0x17b5], // Khmer inherent vowels
  [0x180b, 0x180f], // Mongolian variation selectors and vowel separator
  [0x200b, 0x200f], // zero width space, ZWNJ, ZWJ, direction marks
  [0x202a, 0x202e], // bidirectional embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidirectional isolates
  [0x3164, 0x3164], // Hangul filler
  [0xfe00, 0xfe0f], // variation selectors
  [0xfeff, 0xfeff], // byte order mark
  [0xffa0, 0xffa0], // half-width Hangul filler
  [0xfff0, 0xfff8], // unassigned specials
  [0x1bca0, 0x1bca3], // shorthand format controls
  [0x1d173, 0x1d17a], // musical symbol formatting
  [0xe0000, 0xe0fff], // tags and variation selectors supplement
];

function isDefaultIgnorable(code: number): boolean {
  return DEFAULT_IGNORABLE.some(([first, last]) => code >= first && code <= last);
}
