import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/support/smtp-sink";
import { runServerUntilExit, startTestServer } from "#tests/support/test-server";

// Each test starts whole servers; beside the heaviest files on two cores that can take minutes.
describe("server start-up", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-lock-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses a wrong setting and names the variable", async () => {
    const run = await runServerUntilExit({ PORT: "eighty", SMTP_URL: "mail.example.com", DATA_DIR: dataDir });
    expect(run.code).toBe(1);
    expect(run.output).toContain("Invalid configuration");
    expect(run.output).toMatch(/PORT: must be a port number/);
    expect(run.output).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
  });

  it("puts demo content in by default on the embedded database only", async () => {
    const server = await startTestServer({ SEED_DEMO_CONTENT: "" });
    try {
      const onPostgres = Boolean(process.env.DATABASE_URL);
      const events = await (await fetch(`${server.url}/events`)).text();
      expect(events.includes("Candlelight Piano Meditation")).toBe(!onPostgres);
      expect(server.output().includes("[demo] pending invitation: ")).toBe(!onPostgres);
    } finally {
      await server.stop();
    }
  }, 180_000);

  it("lets only one server use an embedded data directory at a time", async () => {
    const first = await startTestServer({ DATA_DIR: dataDir });
    try {
      const second = await runServerUntilExit({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      expect(second.code).toBe(1);
      expect(second.output).toContain(`The data directory ${dataDir} is in use by another running server`);
      // The first server is unharmed.
      expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0);
    }
    // Once the first has stopped, the directory is free again.
    const again = await startTestServer({ DATA_DIR: dataDir });
    expect(await again.stop()).toBe(0);
  }, 180_000);

  it("takes over at once from a server that crashed on the same data directory", async () => {
    const crashDir = mkdtempSync(path.join(tmpdir(), "harmonia-crash-"));
    try {
      const crashed = await startTestServer({ DATA_DIR: crashDir });
      crashed.process.kill("SIGKILL");
      await new Promise((resolve) => crashed.process.once("exit", resolve));
      // The crashed server's lock was refreshed at most 5 s ago, so it still looks fresh: before,
      // this start was refused ("in use by another running server") and the server exited.
      const next = await startTestServer({ DATA_DIR: crashDir });
      try {
        expect(next.output()).toMatch(/previous server \(pid \d+\) is no longer running/);
        expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
      } finally {
        expect(await next.stop()).toBe(0);
      }
    } finally {
      rmSync(crashDir, { recursive: true, force: true });
    }
  }, 180_000);
});
