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
 * The tokens of our envelope addresses anywhere in a report (its To, Delivered-To, the returned
 * message's Return-Path, an ARF's Original-Mail-From), first found first.
 */
export function tokensIn(text: string, bounceAddress: string): string[] {
  const at = bounceAddress.lastIndexOf("@");
  const local = escapeRegExp(bounceAddress.slice(0, at));
  const domain = escapeRegExp(bounceAddress.slice(at + 1));
  const pattern = new RegExp(`${local}\\+([0-9a-f]{32})@${domain}`, "gi");
  return [...new Set([...text.matchAll(pattern)].map((match) => match[1]!.toLowerCase()))];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
