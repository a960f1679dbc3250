import { startsLikeFormula } from "./formula-text";

/** What `{name}` becomes when we know no usable first name (the spec's SMS default). */
export const GREETING_FALLBACK = "friend";

/** Characters of a stored name looked at: its first word is all we use. */
const SCANNED = 256;
/** A first word longer than this is no first name. */
const LONGEST_FIRST_NAME = 40;

/**
 * The first name a text or a campaign e-mail greets someone by (`{name}`, `{{name}}`): the first
 * word of the name as stored, else 'friend'. Anyone can type a name on /join or the reservation
 * form, and the message goes out under our number and our domain, so a first word that a phone or
 * a mail client would turn into a link (`http://…`, `www.…`, `evil.com`, `a@b.co`, `x/y`) or one
 * too long to be a name is never used: 'friend' instead. Plain loops over a capped input, no
 * regular expression, so no name can make this slow.
 */
export function greetingName(name: string | null | undefined): string {
  if (!name) return GREETING_FALLBACK;
  const scanned = name.length > SCANNED ? name.slice(0, SCANNED) : name;
  let start = 0;
  while (start < scanned.length && isSpace(scanned[start]!)) start += 1;
  let end = start;
  while (end < scanned.length && !isSpace(scanned[end]!)) end += 1;
  const word = scanned.slice(start, end);
  if (word.length === 0 || word.length > LONGEST_FIRST_NAME || looksLikeLink(word) || startsLikeFormula(word)) return GREETING_FALLBACK;
  return word;
}

/**
 * Why a name as typed or imported is no name to greet anyone by: a word of it reads as a link (as
 * `greetingName` tells), or it starts as a spreadsheet formula would (the CSV exports' guard);
 * null for a name. The attendee import's preview flags such names, and the invitation greets their
 * people as 'friend'. Only the first characters are looked at, word by word, with plain loops.
 */
export function nameProblem(name: string | null | undefined): "link" | "formula" | null {
  if (!name) return null;
  const scanned = name.length > SCANNED ? name.slice(0, SCANNED) : name;
  if (startsLikeFormula(scanned)) return "formula";
  let start = 0;
  while (start < scanned.length) {
    while (start < scanned.length && isSpace(scanned[start]!)) start += 1;
    let end = start;
    while (end < scanned.length && !isSpace(scanned[end]!)) end += 1;
    if (end > start && looksLikeLink(scanned.slice(start, end))) return "link";
    start = end;
  }
  return null;
}

/** Whether a word reads as an address: a scheme, `www.`, an e-mail's `@`, a path's `/`, or a domain's dot and letters. */
function looksLikeLink(word: string): boolean {
  const lower = word.toLowerCase();
  if (lower.includes("://") || lower.includes("www.") || lower.includes("/") || lower.includes("\\")) return true;
  const characters = Array.from(lower);
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index]!;
    if (AT_SIGNS.has(character)) return true;
    // 'evil.com', 'x.co': a dot followed by two letters, as every top-level domain is ('J.R.' stays a name).
    if (DOTS.has(character) && isLetter(characters[index + 1]) && isLetter(characters[index + 2])) return true;
  }
  return false;
}

// The full stops and at signs that phones and mail clients read as the ASCII ones.
const DOTS = new Set([".", "\u3002", "\uFF0E", "\uFF61"]);
const AT_SIGNS = new Set(["@", "\uFF20"]);

const isSpace = (character: string) => /\s/.test(character);
const isLetter = (character: string | undefined) => character !== undefined && /\p{L}/u.test(character);
