import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { TICKET_ALPHABET, TICKET_CODE_LENGTH, normaliseTicketCode } from "./ticket-code";

/**
 * Signing and reading ticket codes (docs/decisions/067). A code is 10 bytes in Crockford's
 * base32: the reservation's ticket reference (6 random bytes, `reservations.ticket_ref`, never the
 * id) and the first 4 bytes of an HMAC-SHA256 over it with the server's signing secret. A code the
 * server did not sign fails the check before any lookup; a signed one whose reference no row holds
 * any more is a cancelled reservation's.
 */
const REF_BYTES = 6;
const MAC_BYTES = 4;

function mac(secret: string, ref: Buffer): Buffer {
  return createHmac("sha256", secret).update("ticket:").update(ref).digest().subarray(0, MAC_BYTES);
}

function encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += TICKET_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

function decode(code: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of code) {
    value = ((value << 5) | TICKET_ALPHABET.indexOf(char)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** The ticket code of a reservation, from its `ticket_ref` (12 hex digits). */
export function ticketCode(secret: string, ticketRef: string): string {
  const ref = Buffer.from(ticketRef, "hex");
  if (ref.length !== REF_BYTES) throw new Error("A ticket reference is 12 hex digits");
  const code = encode(Buffer.concat([ref, mac(secret, ref)]));
  if (code.length !== TICKET_CODE_LENGTH) throw new Error("A ticket code is 16 characters");
  return code;
}

/**
 * The ticket reference a code carries when the server signed it; null for anything else (a
 * forged or altered code, text that is no code at all). Constant-time comparison of the signature.
 */
export function readTicketCode(secret: string, text: string): string | null {
  const code = normaliseTicketCode(text);
  if (!code) return null;
  const bytes = decode(code);
  const ref = bytes.subarray(0, REF_BYTES);
  const given = bytes.subarray(REF_BYTES, REF_BYTES + MAC_BYTES);
  const expected = mac(secret, ref);
  return given.length === expected.length && timingSafeEqual(given, expected) ? ref.toString("hex") : null;
}

/** SHA-256 of the canonical code, lower-case hex: what the door list gives phones instead of codes. */
export function ticketHash(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}
