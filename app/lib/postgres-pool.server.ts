import pg from "pg";
import { DriverPromise, markDatabaseError } from "./database-errors.server";

/** How long a request waits for a free connection before it fails instead of hanging. */
const CONNECTION_WAIT_MS = 10_000;

/**
 * A node-postgres pool that survives connections being cut (a database restart, a failover,
 * `pg_terminate_backend`) while requests use them.
 *
 * - A client whose connection breaks emits 'error'; with no listener that event ends the process.
 *   The pool listens only while a client is idle, so every client gets a listener of its own.
 * - A broken client that is checked out is handed back to the pool at once (which discards it),
 *   because not every holder gives it back: drizzle's transaction() sends BEGIN outside its
 *   try/finally, so a connection cut at that moment would keep the client out of the pool for
 *   good, and ten such cuts would leave every later request waiting forever. The holder's own
 *   release later is then a no-op.
 * - Every error it fails a query or a connection with is marked as the driver's (`DriverPromise`),
 *   so that only these can be taken for the database being unreachable (database-errors.server.ts).
 */
export function createPostgresPool(connectionString: string, onConnectionError: (error: Error) => void, max = 10): pg.Pool {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECTION_WAIT_MS, Promise: DriverPromise });
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("error", (error) => onConnectionError(markDatabaseError(error)));
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      if (!checkedOut.has(client)) return; // idle: the pool's own listener reports and discards it
      onConnectionError(markDatabaseError(error));
      const release = client.release;
      client.release = () => undefined;
      release.call(client, error);
    });
  });
  return pool;
}
