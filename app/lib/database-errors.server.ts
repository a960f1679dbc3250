/**
 * Tells "the database cannot be reached" (down, restarting, connection cut, refused) from every
 * other error, so that such failures become a 503 or a retry instead of a crash or a false answer.
 */

/** SQLSTATE classes and codes that mean the connection, not the query, failed. */
const CONNECTION_STATES = [/^08/, /^57P0[123]$/];

const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

// node-postgres reports a lost or unusable connection with these messages and no code.
const CONNECTION_MESSAGES = [
  "Connection terminated",
  "is not queryable",
  "timeout exceeded when trying to connect",
  "Cannot use a pool after calling end",
  // 55000, sent to a new connection while the database refuses them (ALLOW_CONNECTIONS false, a
  // maintenance window); the code alone also means query errors that are bugs, so the words decide.
  "is not currently accepting connections",
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, errors, cause } = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || CONNECTION_STATES.some((state) => state.test(code)))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.some((part) => message.includes(part))) return true;
    // A host name with several addresses fails with one AggregateError for all of them.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailableError(inner))) return true;
    current = cause;
  }
  return false;
}
