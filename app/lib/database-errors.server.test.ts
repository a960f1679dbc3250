import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailableError } from "./database-errors.server";
import { openDatabase } from "./db.server";

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("isDatabaseUnavailableError", () => {
  it("recognises a refused connection, also wrapped as a cause", async () => {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/none` });
    const error = await client.connect().then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(isDatabaseUnavailableError(error)).toBe(true);
    expect(isDatabaseUnavailableError(new Error("Failed query: select 1", { cause: error }))).toBe(true);
  });

  it("recognises the messages of a cut connection and PostgreSQL's shutdown codes", () => {
    expect(isDatabaseUnavailableError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailableError(Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }))).toBe(true);
  });

  it("leaves a query's own error alone", async () => {
    const handle = await openDatabase({ dataDir: "memory://" });
    try {
      const error = await handle.executeSql("SELECT FROM nowhere_at_all", [1]).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeDefined();
      expect(isDatabaseUnavailableError(error)).toBe(false);
      expect(isDatabaseUnavailableError(new Error("boom"))).toBe(false);
      expect(isDatabaseUnavailableError(undefined)).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
