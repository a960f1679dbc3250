/**
 * VERP (variable envelope return path): each message's envelope sender names the message, so a
 * bounce says which message and recipient failed whatever the remote server writes in its report.
 * `bounces@example.org` + the message's token → `bounces+<token>@example.org`.
 */

/** The token of an outbox message: its id without dashes (32 hex digits, unguessable). */
export function messageToken(outboxMessageId: string): string {
  return outboxMessageId.replaceAll("-", "").toLowerCase();
}

/** The outbox message id a token names (the reverse of messageToken), or null when it is not one. */
export function messageIdFromToken(token: string): string | null {
  if (!/^[0-9a-f]{32}$/i.test(token)) return null;
  const hex = token.toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The envelope sender of one message: the bounce address with the token after a plus. */
export function envelopeSender(bounceAddress: string, outboxMessageId: string): string {
  const at = bounceAddress.lastIndexOf("@");
  return `${bounceAddress.slice(0, at)}+${messageToken(outboxMessageId)}${bounceAddress.slice(at)}`;
}

/**
 * The tokens of our envelope addresses in a text (a report's To or Delivered-To, the returned
 * message's Return-Path, an ARF's Original-Mail-From), first found first. Read with string
 * searches only: the text comes from whoever mailed the bounce address.
 */
export function tokensIn(text: string, bounceAddress: string): string[] {
  const at = bounceAddress.lastIndexOf("@");
  const prefix = `${bounceAddress.slice(0, at)}+`.toLowerCase();
  const suffix = bounceAddress.slice(at).toLowerCase();
  const haystack = text.slice(0, MAX_SCANNED).toLowerCase();
  const tokens = new Set<string>();
  for (let found = haystack.indexOf(prefix); found !== -1 && tokens.size < MAX_TOKENS; found = haystack.indexOf(prefix, found + 1)) {
    const start = found + prefix.length;
    const token = haystack.slice(start, start + TOKEN_LENGTH);
    if (token.length === TOKEN_LENGTH && isHex(token) && haystack.startsWith(suffix, start + TOKEN_LENGTH)) tokens.add(token);
  }
  return [...tokens];
}

const TOKEN_LENGTH = 32;
const MAX_TOKENS = 10;
/** A report's fields are capped well below this; the cap only bounds a caller's mistake. */
const MAX_SCANNED = 256 * 1024;

function isHex(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!((code >= 48 && code <= 57) || (code >= 97 && code <= 102))) return false;
  }
  return true;
}
