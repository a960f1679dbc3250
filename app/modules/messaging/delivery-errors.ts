/**
 * Whether a failed send will never succeed: the server refused this message with a 5xx reply to its
 * envelope (unknown mailbox) or its content. Everything else is temporary and retried with
 * back-off, never dropped: a 4xx "try again later", throttling, a refused or dropped connection, a
 * timeout, and also a 5xx at greeting or login (EAUTH, ECONNECTION), since a server or credentials
 * problem is not the message's fault and would otherwise fail every message at once.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code, permanent } = (error ?? {}) as { responseCode?: unknown; code?: unknown; permanent?: unknown };
  // A transport that knows its provider's answers (Twilio's) says so itself.
  if (permanent === true) return true;
  const refusedMessage = code === "EENVELOPE" || code === "EMESSAGE";
  return refusedMessage && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** What to record as the last error: the server's own reply when there was one. */
export function describeFailure(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response === "string" && response) return response;
  return error instanceof Error ? error.message : String(error);
}
