/**
 * Tells "the database cannot be reached" (down, restarting, connection cut, refused) from every
 * other error, so that such failures become a 503 or a retry instead of a crash or a false answer.
 *
 * Only an error the database driver gave us can mean that (issue 34): a refused connection looks
 * the same whoever refused it, and a failed `fetch` (an SNS certificate), the bounce mailbox's IMAP
 * server or the mail relay refusing a connection were logged as "the database is unavailable".
 * So the PostgreSQL pool marks every error its queries and connections fail with
 * (`driverPromise`, postgres-pool.server.ts), and only a marked error, or one holding a marked
 * error as its cause (drizzle's "Failed query"), is looked at. The embedded database runs in this
 * process and cannot be unreachable: its errors are never an outage.
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

/** Set on an error that came out of the PostgreSQL driver; a symbol of the registry, so a reloaded module knows it. */
const FROM_DRIVER = Symbol.for("harmonia.databaseDriverError");

/** Marks `error` as the database driver's, and answers it. Called by the pool, never by other code. */
export function markDatabaseError<T>(error: T): T {
  if (typeof error === "object" && error !== null && Object.isExtensible(error)) {
    Object.defineProperty(error, FROM_DRIVER, { value: true });
  }
  return error;
}

function isDriverError(value: object): boolean {
  return (value as Record<symbol, unknown>)[FROM_DRIVER] === true;
}

/**
 * The promise the PostgreSQL pool and its clients make for every query and connection (pg's
 * `Promise` option): it marks what it rejects with. Promises made from it by `then` and `catch`
 * are plain ones, so an error thrown later by whoever awaits a query is never taken for the driver's.
 */
export class DriverPromise<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise;
  }

  constructor(executor: (resolve: (value: T | PromiseLike<T>) => void, reject: (reason?: unknown) => void) => void) {
    super((resolve, reject) => executor(resolve, (reason?: unknown) => reject(markDatabaseError(reason))));
  }
}

export function isDatabaseUnavailableError(error: unknown): boolean {
  // The driver's error itself, or wrapped as a cause by the query builder.
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    if (isDriverError(current)) return isConnectionFailure(current);
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Whether a driver's error says the connection failed, not the query. */
function isConnectionFailure(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, errors, cause } = current as { code?: unknown; message?: unknown; errors?: unknown; cause?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || CONNECTION_STATES.some((state) => state.test(code)))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.some((part) => message.includes(part))) return true;
    // A host name with several addresses fails with one AggregateError for all of them.
    if (Array.isArray(errors) && errors.some((inner) => isConnectionFailure(inner))) return true;
    current = cause;
  }
  return false;
}
