import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { ImapFlow } from "imapflow";
import { isDatabaseUnavailableError, markDatabaseError } from "./database-errors.server";
import { openDatabase } from "./db.server";
import { createPostgresPool } from "./postgres-pool.server";

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const failureOf = (work: () => Promise<unknown>) =>
  work().then(
    () => undefined,
    (failure: unknown) => failure,
  );

describe("isDatabaseUnavailableError", () => {
  it("recognises a refused connection of our pool, also wrapped as a cause", async () => {
    const pool = createPostgresPool(`postgres://postgres@127.0.0.1:${await closedPort()}/none`, () => undefined);
    try {
      const error = await failureOf(() => pool.query("select 1"));
      expect(isDatabaseUnavailableError(error)).toBe(true);
      expect(isDatabaseUnavailableError(new Error("Failed query: select 1", { cause: error }))).toBe(true);
      // A transaction's connection, as drizzle takes one.
      expect(isDatabaseUnavailableError(await failureOf(() => pool.connect()))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it("recognises the driver's messages of a cut connection and PostgreSQL's shutdown codes", () => {
    expect(isDatabaseUnavailableError(markDatabaseError(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailableError(markDatabaseError(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" })))).toBe(true);
  });

  it("leaves a query's own error alone", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    try {
      const error = await failureOf(() => handle.executeSql("SELECT FROM nowhere_at_all", [1]));
      expect(error).toBeDefined();
      expect(isDatabaseUnavailableError(error)).toBe(false);
      expect(isDatabaseUnavailableError(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailableError(undefined)).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it("never takes another server's refused connection for the database's (issue 34)", async () => {
    const port = await closedPort();
    // An SNS certificate fetched from a server that refuses: a TypeError whose cause is ECONNREFUSED.
    const fetched = await failureOf(() => fetch(`http://127.0.0.1:${port}/SimpleNotificationService-0.pem`));
    expect((fetched as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailableError(fetched)).toBe(false);
    // The bounce mailbox's IMAP server refusing: the very same error as a refused database connection.
    const imap = new ImapFlow({ host: "127.0.0.1", port, secure: false, logger: false });
    const mailbox = await failureOf(() => imap.connect());
    expect((mailbox as { code?: string }).code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailableError(mailbox)).toBe(false);
    // A PostgreSQL client that is not our pool's (the legacy import's source database).
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/none` });
    expect(isDatabaseUnavailableError(await failureOf(() => client.connect()))).toBe(false);
    // An error thrown after awaiting a query is the awaiting code's, not the driver's.
    const pool = createPostgresPool(`postgres://postgres@127.0.0.1:${port}/none`, () => undefined);
    try {
      const later = await failureOf(() => pool.query("select 1").catch(() => fetch(`http://127.0.0.1:${port}/`)));
      expect(isDatabaseUnavailableError(later)).toBe(false);
    } finally {
      await pool.end();
    }
  });
});
