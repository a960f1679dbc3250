/**
 * Whether a failed send will never succeed: an SMTP 5xx reply (unknown mailbox, rejected content).
 * Everything else (a 4xx "try again later", throttling, a refused or dropped connection, a
 * timeout) is temporary, so the message is retried with back-off and never dropped.
 */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** What to record as the last error: the server's own reply when there was one. */
export function describeFailure(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response === "string" && response) return response;
  return error instanceof Error ? error.message : String(error);
}
