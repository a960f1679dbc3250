import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectRoot } from "#app/lib/project-root.server";
import { createMailTransport } from "#app/modules/messaging/mail-transport.server";
import { queueEmail } from "#app/modules/messaging/outbox.server";
import { startJobRunner, type JobRunner } from "#app/lib/jobs/job-runner.server";
import { messagingJobs } from "#app/modules/messaging/jobs.server";
import { outbox } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { gatherSystemStatus, maskPhoneNumber, type StatusSources } from "./system-status.server";

const journal = JSON.parse(readFileSync(path.join(projectRoot(), "db/migrations/meta/_journal.json"), "utf8")) as {
  entries: { tag: string; when: number }[];
};

describe("system status", () => {
  let database: TestDatabase;
  let worker: JobRunner;
  let sources: StatusSources;

  beforeAll(async () => {
    database = await createTestDatabase();
    const transports = { email: createMailTransport({ from: "Harmonia <hello@harmonia.example>", mailboxUrl: "", log: () => undefined }) };
    worker = await startJobRunner({
      handle: database.handle,
      jobs: messagingJobs({ db: database.handle.db, transports, retryDelaySeconds: 60 }).all,
      schema: "pgboss_status_test",
    });
    sources = { env: {}, database: database.handle, mail: { name: "mailbox" }, worker };
  });
  afterAll(async () => {
    await worker?.stop();
    await database?.dispose();
  });

  const check = async (id: string, overrides: Partial<StatusSources> = {}, includeDetails = true) => {
    const status = await gatherSystemStatus({ ...sources, ...overrides }, { includeDetails });
    return status.checks.find((entry) => entry.id === id)!;
  };

  it("reports a working instance on the embedded database with every migration applied", async () => {
    const status = await gatherSystemStatus(sources, { includeDetails: true });
    expect(status.detailsIncluded).toBe(true);
    const states = Object.fromEntries(status.checks.map((entry) => [entry.id, entry.state]));
    expect(states).toEqual({
      database: "ok",
      migrations: "ok",
      mail: "not-configured",
      sms: "not-configured",
      queue: "ok",
      outbox: "ok",
    });
    const database_ = status.checks.find((entry) => entry.id === "database")!;
    expect(database_.summary).toContain(database.url ? "PostgreSQL server" : "Built-in database, in this server's data folder");
    const migrations = status.checks.find((entry) => entry.id === "migrations")!;
    const count = journal.entries.length;
    expect(migrations).toMatchObject({ title: "Database structure", summary: "Up to date" });
    expect(migrations.details).toEqual([{ label: "Updates applied", value: `${count} of ${count}` }]);
    // Plain words: no library's name, no migration's file name, no literal backticks.
    const words = JSON.stringify(status.checks.map(({ id: _id, ...shown }) => shown));
    expect(words).not.toMatch(/PGlite|migration|`/i);
    for (const entry of journal.entries) expect(words).not.toContain(entry.tag);
  });

  it("leaves every detail out when details are not asked for", async () => {
    const status = await gatherSystemStatus(
      { ...sources, env: { SMTP_URL: "smtps://mailer:s3cret@smtp.example:465" }, mail: { name: "smtp" } },
      { includeDetails: false },
    );
    expect(status.detailsIncluded).toBe(false);
    for (const entry of status.checks) expect(entry.details).toBeUndefined();
    expect(JSON.stringify(status)).not.toContain("smtp.example");
  });

  it("names the SMTP server without its credentials", async () => {
    const mail = await check("mail", { env: { SMTP_URL: "smtps://mailer:s3cret@smtp.example:465" }, mail: { name: "smtp" } });
    expect(mail).toMatchObject({ state: "ok", summary: "Sent over SMTP" });
    expect(mail.details).toEqual([{ label: "SMTP server", value: "smtps://smtp.example:465" }]);
    expect(JSON.stringify(mail)).not.toMatch(/mailer|s3cret/);
  });

  it("reports Twilio as configured only with all three settings, with the number masked", async () => {
    const full = {
      TWILIO_ACCOUNT_SID: "AC0123456789abcdef",
      TWILIO_AUTH_TOKEN: "token-0123456789",
      TWILIO_FROM: "+16195550100",
    };
    const sms = await check("sms", { env: full });
    expect(sms).toMatchObject({ state: "ok", summary: "Twilio configured" });
    expect(sms.details).toEqual([{ label: "Sender", value: "+1••••••0100" }]);
    expect(await check("sms", { env: { TWILIO_ACCOUNT_SID: full.TWILIO_ACCOUNT_SID } })).toMatchObject({ state: "problem" });
    expect(maskPhoneNumber("+4420")).toBe("•••••");
  });

  it("counts waiting and failed messages, and a failure is a problem", async () => {
    const { db } = database.handle;
    await queueEmail(db, { kind: "test", to: "a@example.com", subject: "s", html: "<p>h</p>", text: "h", idempotencyKey: "status:1" });
    const failed = await queueEmail(db, { kind: "test", to: "b@example.com", subject: "s", html: "<p>h</p>", text: "h", idempotencyKey: "status:2" });
    await db.update(outbox).set({ status: "failed" }).where(eq(outbox.id, failed.id));
    const counts = await check("outbox");
    expect(counts).toMatchObject({ state: "problem", summary: "Some messages could not be sent" });
    expect(counts.details).toEqual([
      { label: "Waiting to be sent", value: "1" },
      { label: "Failed", value: "1" },
      { label: "Sent", value: "0" },
    ]);
  });

  it("reports migrations of the journal that the database has not applied", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "harmonia-journal-"));
    try {
      mkdirSync(path.join(folder, "meta"));
      const entries = [...journal.entries, { idx: journal.entries.length, version: "7", when: 4_102_444_800_000, tag: "9999_future", breakpoints: true }];
      writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
      const status = await gatherSystemStatus(sources, { includeDetails: true, migrationsFolder: folder });
      const migrations = status.checks.find((entry) => entry.id === "migrations")!;
      expect(migrations.state).toBe("problem");
      expect(migrations.summary).toBe("1 update is not applied yet: the server applies them when it starts, so restart it");
      expect(migrations.details).toEqual([{ label: "Updates applied", value: `${journal.entries.length} of ${entries.length}` }]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
