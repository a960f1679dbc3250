import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows, runMigrations, type DatabaseHandle } from "#app/lib/db.server";
import { messageToken } from "#app/modules/deliverability";
import { queueEmailBatch } from "#app/modules/messaging/index.server";
import { startDovecot, type DovecotServer } from "#tests/support/dovecot";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

const COUNT = 300;
const BATCH = 25;
const PROCESSED = "$HarmoniaProcessed";
const template = readFileSync(path.resolve(import.meta.dirname, "../fixtures/bounces/rfc3464-hard.eml"), "utf8");

/**
 * The server's bounce poller killed (SIGKILL) in the middle of a full mailbox, then started again
 * on the same database: what it had recorded but not yet flagged is at most one batch, and the
 * second run records every report once.
 */
describe("the bounce poller survives a crash", () => {
  let dovecot: DovecotServer;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  const servers: TestServer[] = [];
  const open = (): Promise<DatabaseHandle> => openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });

  beforeAll(async () => {
    dovecot = await startDovecot();
    databaseUrl = await createEmptyDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-bounce-crash-"));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await dovecot?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startTestServer({
      DATA_DIR: dataDir!,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED_DEMO_CONTENT: "false",
      MAIL_BOUNCE_ADDRESS: "bounces@example.org",
      BOUNCE_MAILBOX_URL: dovecot.url,
      BOUNCE_POLL_SECONDS: "5",
    });
    servers.push(server);
    return server;
  };
  const counts = async () => {
    const handle = await open();
    try {
      const [row] = await queryRows<{ events: number }>(handle.db, sql`select count(*)::int as events from bounce_events`);
      return row!.events;
    } finally {
      await handle.close();
    }
  };

  it("redoes at most one batch after a kill, and records each report once", async () => {
    const handle = await open();
    await runMigrations(handle);
    const emails = Array.from({ length: COUNT }, (_, n) => ({
      kind: "campaign",
      to: `crash${n}@recipient.example`,
      subject: "News",
      html: "",
      text: "",
      idempotencyKey: `bounce-crash:${n}`,
      priority: "bulk" as const,
    }));
    const ids = await queueEmailBatch(handle.db, emails);
    await handle.close();
    dovecot.deliverToMaildir(
      emails.map((email, n) =>
        template
          .replace(/\{\{(\w+)\}\}/g, (_, key: string) => ({ TOKEN: messageToken(ids.get(email.idempotencyKey)!), RECIPIENT: email.to, MESSAGE_ID: `<c${n}@x>`, BOUNCE_ID: `crash-${n}` })[key] ?? "")
          .replace(/\r?\n/g, "\r\n"),
      ),
    );

    const first = await start();
    const flaggedAtKill = await waitFor(async () => {
      const { with: flagged } = await dovecot.keywordCounts(PROCESSED);
      return flagged > 0 ? flagged : undefined;
    }, 60_000);
    first.process.kill("SIGKILL");
    await new Promise((resolve) => first.process.once("exit", resolve));
    const { with: flagged, without } = await dovecot.keywordCounts(PROCESSED);
    expect(flagged).toBeGreaterThanOrEqual(flaggedAtKill);
    expect(without).toBeGreaterThan(0);
    expect(flagged % BATCH).toBe(0);
    const recorded = await counts();
    // Recorded but not flagged: what the next run reads again, at most the batch in hand.
    expect(recorded).toBeGreaterThanOrEqual(flagged);
    expect(recorded - flagged).toBeLessThanOrEqual(BATCH);

    // The killed poller's lease would run out by itself in two minutes; the test lets it run out now.
    const lease = await open();
    await lease.db.execute(sql`update bounce_mailbox_lease set until = now()`);
    await lease.close();
    const second = await start();
    await waitFor(async () => ((await dovecot.keywordCounts(PROCESSED)).without === 0 ? true : undefined), 120_000);
    await second.stop();
    expect(await counts()).toBe(COUNT);
  }, 240_000);
});
