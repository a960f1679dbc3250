/**
 * Ticket codes as the door reads them (docs/decisions/067): 16 characters of Crockford's base32,
 * shown in groups of four. Safe for the browser: the phone normalises what its camera or a person
 * read and hashes it to find the guest in its stored door list; only the server can sign or check.
 */

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is hard to get wrong. */
export const TICKET_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const TICKET_CODE_LENGTH = 16;

/**
 * The canonical form of a code read from a QR code or typed: upper case, spaces and hyphens
 * dropped, I and L read as 1, O as 0. Null when it cannot be one of our codes (wrong length, a
 * character outside the alphabet). Linear, no regular expression: the text comes from outside.
 */
export function normaliseTicketCode(text: string): string | null {
  if (text.length > 64) return null;
  let code = "";
  for (const raw of text.toUpperCase()) {
    if (raw === " " || raw === "-") continue;
    const char = raw === "I" || raw === "L" ? "1" : raw === "O" ? "0" : raw;
    if (!TICKET_ALPHABET.includes(char)) return null;
    code += char;
  }
  return code.length === TICKET_CODE_LENGTH ? code : null;
}

/** "ABCD EFGH JKMN PQRS": how a code is printed under its QR image. */
export function groupTicketCode(code: string): string {
  return code.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * What a door phone stores instead of the code: SHA-256 of the canonical code, lower-case hex.
 * The server computes the same for its door list (ticketHash in ticket-code.server.ts).
 */
export async function hashTicketCodeInBrowser(code: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(code));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}
