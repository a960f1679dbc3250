import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "#app/lib/db.server";
import { parseEnv } from "#app/lib/env.server";
import { createMailTransport, type MailTransport } from "#app/modules/messaging/mail-transport.server";
import { queueEmail } from "#app/modules/messaging/outbox.server";
import { createOutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { noteDatabaseOutage, readAlertStates } from "#app/modules/operations/alerts.server";
import { checkOutboxAlerts } from "#app/modules/operations/check-alerts.server";
import { startOperations } from "#app/modules/operations/start-operations.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { gatherSystemStatus } from "#app/modules/system/system-status.server";
import { decodedBody, freePort, SmtpSink } from "#tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { waitFor } from "#tests/support/wait-for";

const admins = ["ops@harmonia.example", "founder@harmonia.example"];
const settings = { admins, publicUrl: "http://localhost:3000", wake: noOutboxWake };

/**
 * The alerts e-mailed to admins: each condition made true for real (rows in the outbox, a backup
 * into a folder that cannot be made), checked as several instances would at once, and the e-mails
 * delivered by the outbox's sender over real SMTP: one alert per admin, not two.
 */
describe("alerts to admins", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let mail: MailTransport;
  const work = mkdtempSync(path.join(tmpdir(), "harmonia-alerts-"));

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await SmtpSink.onFreePort();
    await sink.start();
    mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
  });
  afterAll(async () => {
    mail?.close();
    await sink?.stop();
    await database?.dispose();
    rmSync(work, { recursive: true, force: true });
  });

  const db = () => database.handle.db;
  const deliver = async () => {
    const sender = createOutboxSender({ db: db(), transports: { email: mail }, retryDelaySeconds: 60, concurrency: 2 });
    await sender.deliverDue();
    await sender.stop();
  };
  const alertsAbout = (subject: string) => sink.received.filter((received) => received.subject === subject);

  it("tells each admin once when the oldest due transactional e-mail has waited over 5 minutes, however many instances check", async () => {
    const { id } = await queueEmail(db(), { kind: "sign-in-link", to: "waiting@example.com", subject: "Your link", html: "<p>x</p>", text: "x", idempotencyKey: "alerts-test:late" });
    await checkOutboxAlerts(db(), settings);
    expect((await readAlertStates(db())).find((state) => state.condition === "outbox-backed-up")?.holding).toBe(false);

    // Six minutes late: the sender was not running.
    await db().execute(sql`update outbox set created_at = now() - interval '6 minutes' where id = ${id}`);
    await Promise.all([checkOutboxAlerts(db(), settings), checkOutboxAlerts(db(), settings), checkOutboxAlerts(db(), settings)]);
    await checkOutboxAlerts(db(), settings);
    await deliver();

    const alerts = alertsAbout("Alert: transactional e-mail waiting too long");
    expect(alerts.flatMap((alert) => alert.to).sort()).toEqual([...admins].sort());
    expect(decodedBody(alerts[0]!)).toContain("the oldest was written 6 minutes ago");
    const state = (await readAlertStates(db())).find((candidate) => candidate.condition === "outbox-backed-up")!;
    // The late message went out with the alerts: the condition is clear again, its last alert remembered.
    await checkOutboxAlerts(db(), settings);
    const cleared = (await readAlertStates(db())).find((candidate) => candidate.condition === "outbox-backed-up")!;
    expect(state.lastFiredAt).toBeInstanceOf(Date);
    expect(cleared).toMatchObject({ holding: false, lastFiredAt: state.lastFiredAt });
  });

  /** A mail server's reply that tries to speak to the admins through their alert (issue 34). */
  const PHISHING = "4.7.1 URGENT Harmonia admins: your relay account is suspended, re-verify at https://phish.example/login now";
  const mailFailing = async () => (await readAlertStates(db())).find((candidate) => candidate.condition === "mail-failing")!;
  /** A quarter of an hour later, still as it was (when it holds at all). */
  const aQuarterOfAnHourLater = () => db().execute(sql`update alert_states set since = now() - interval '16 minutes' where condition = 'mail-failing' and since is not null`);
  const signInLinkTo = (to: string, key: string) => queueEmail(db(), { kind: "sign-in-link", to, subject: "Your link", html: "<p>x</p>", text: "x", idempotencyKey: `alerts-test:${key}` });
  const expectOnlyOurWords = (text: string) => {
    for (const remote of ["phish.example", "URGENT", "re-verify", "suspended", "@hostile"]) expect(text).not.toContain(remote);
  };

  it("raises no alert for one recipient at a hostile mail server, however long it fails; the row keeps the reply for staff", async () => {
    sink.refuse("someone@hostile.example", 451, PHISHING);
    await signInLinkTo("someone@hostile.example", "hostile");
    await deliver();
    const [row] = await queryRows<Record<string, unknown>>(
      db(),
      sql`select status, attempts, last_error, failure_stage, failure_reply_code, failure_enhanced_code from outbox where idempotency_key = 'alerts-test:hostile'`,
    );
    expect(row).toMatchObject({ status: "pending", attempts: 1, failure_stage: "recipient", failure_reply_code: 451, failure_enhanced_code: "4.7.1" });
    expect(row!.last_error).toContain("URGENT");

    await checkOutboxAlerts(db(), settings);
    await aQuarterOfAnHourLater();
    await checkOutboxAlerts(db(), settings);
    await deliver();
    expect(alertsAbout("Alert: transactional e-mail failing")).toHaveLength(0);
    const state = await mailFailing();
    expect(state.holding).toBe(false);
    expect(state.lastFiredAt).toBeUndefined();
  });

  it("tells admins once mail to five recipient domains has been failing for 15 minutes, in our words only", async () => {
    const domains = [1, 2, 3, 4, 5].map((n) => `hostile-${n}.example`);
    for (const [index, domain] of domains.entries()) sink.refuse(`person@${domain}`, index === 0 ? 550 : 451, index === 0 ? PHISHING.replace("4.7.1", "5.7.1") : PHISHING);
    // With hostile.example, four domains: not yet.
    for (const domain of domains.slice(0, 3)) await signInLinkTo(`person@${domain}`, domain);
    await deliver();
    await checkOutboxAlerts(db(), settings);
    expect((await mailFailing()).holding).toBe(false);

    for (const domain of domains.slice(3)) await signInLinkTo(`person@${domain}`, domain);
    await deliver();
    await checkOutboxAlerts(db(), settings);
    expect((await mailFailing()).holding).toBe(true);
    await aQuarterOfAnHourLater();
    await Promise.all([checkOutboxAlerts(db(), settings), checkOutboxAlerts(db(), settings)]);
    await deliver();

    const alerts = alertsAbout("Alert: transactional e-mail failing");
    expect(alerts.flatMap((alert) => alert.to).sort()).toEqual([...admins].sort());
    const body = decodedBody(alerts[0]!);
    expect(body).toContain("6 transactional e-mails to 6 different recipient domains failed (5 waiting for another attempt, 1 given up in the last 60 minutes)");
    expect(body).toContain("Replies: 4xx 4.7.1 (5), 5xx 5.7.1 (1).");
    expectOnlyOurWords(body);
    const links = body.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
    expect(links.every((link) => link.startsWith(settings.publicUrl))).toBe(true);
    expectOnlyOurWords((await mailFailing()).detail ?? "");

    // Within the hour: still failing, no second alert.
    await checkOutboxAlerts(db(), settings);
    await deliver();
    expect(alertsAbout("Alert: transactional e-mail failing")).toHaveLength(admins.length);
  });

  it("tells admins when the relay itself refuses us, from one message, in our words only", async () => {
    // The earlier tests' failures are over, and so is their alert.
    await db().execute(sql`update outbox set status = 'cancelled' where idempotency_key like 'alerts-test:%' and status in ('pending', 'failed')`);
    await db().execute(sql`delete from alert_states where condition = 'mail-failing'`);
    await checkOutboxAlerts(db(), settings);
    expect((await mailFailing()).holding).toBe(false);

    // Our relay refuses our envelope sender, in words an outsider might have chosen.
    sink.refuseSenders(550, PHISHING.replace("4.7.1", "5.7.1"));
    await signInLinkTo("member@example.com", "relay-refuses");
    await deliver();
    sink.acceptSenders();
    await checkOutboxAlerts(db(), settings);
    await aQuarterOfAnHourLater();
    await checkOutboxAlerts(db(), settings);
    await deliver();
    const alerts = alertsAbout("Alert: transactional e-mail failing");
    expect(alerts).toHaveLength(2 * admins.length);
    const body = decodedBody(alerts.at(-1)!);
    expect(body).toContain("Our mail relay refused or could not be reached for 1 transactional e-mail (our sender address refused: 1). Replies: 5xx 5.7.1 (1).");
    expectOnlyOurWords(body);

    // A relay that cannot be reached at all holds the condition too, said as such.
    const unreachable = createMailTransport({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
    try {
      await signInLinkTo("member@example.com", "relay-unreachable");
      const sender = createOutboxSender({ db: db(), transports: { email: unreachable }, retryDelaySeconds: 60, concurrency: 1 });
      await sender.deliverDue();
      await sender.stop();
    } finally {
      unreachable.close();
    }
    await checkOutboxAlerts(db(), settings);
    const state = await mailFailing();
    expect(state.holding).toBe(true);
    expect(state.detail).toBe("Our mail relay refused or could not be reached for 2 transactional e-mails (could not connect: 1, our sender address refused: 1). Replies: 5xx 5.7.1 (1).");
  });

  it("tells admins when a scheduled backup fails, and shows it on the status page", async () => {
    // A file where the backup folder should be: every backup fails.
    const blocked = path.join(work, "not-a-folder");
    writeFileSync(blocked, "");
    const env = parseEnv({ ADMIN_EMAILS: admins.join(","), BACKUP_DIR: blocked, BACKUP_EVERY_HOURS: "24", DATA_DIR: "memory://", DATABASE_URL: database.url });
    const operations = startOperations({ env: { ...env, DATABASE_URL: undefined }, database: { ...database.handle, driver: "pglite" }, wake: noOutboxWake });
    try {
      await waitFor(async () => (await readAlertStates(db())).find((state) => state.condition === "backup-failing")?.lastFiredAt !== undefined, 20_000);
      await deliver();
      const alerts = alertsAbout("Alert: scheduled backup failing");
      expect(alerts).toHaveLength(admins.length);
      expect(decodedBody(alerts[0]!)).toContain(`The backup into ${blocked} failed (EEXIST). The system status page shows the reason.`);

      const status = await gatherSystemStatus(
        { env, database: database.handle, mail: { name: "smtp" }, worker: { isHealthy: async () => true }, operations },
        { includeDetails: true },
      );
      const backups = status.checks.find((check) => check.id === "backups")!;
      expect(backups.state).toBe("problem");
      expect(backups.summary).toMatch(/^The last scheduled backup failed/);
      const alertsCheck = status.checks.find((check) => check.id === "alerts")!;
      expect(alertsCheck.details?.find((detail) => detail.label === "Scheduled backup failing")?.value).toMatch(/^holds since .* · last e-mailed /);
    } finally {
      await operations.stop();
    }
  });

  it("tells admins once that the database was unreachable for a minute, when it is back, whichever instances saw it", async () => {
    const since = new Date(Date.now() - 80_000);
    expect(await noteDatabaseOutage(db(), { since, seconds: 30, failures: 12 }, settings)).toBe(false);
    // Two instances saw the same outage end.
    const fired = await Promise.all([noteDatabaseOutage(db(), { since, seconds: 75, failures: 40 }, settings), noteDatabaseOutage(db(), { since, seconds: 76, failures: 3 }, settings)]);
    expect(fired.filter(Boolean)).toHaveLength(1);
    await deliver();
    const alerts = alertsAbout("Alert: database was unreachable");
    expect(alerts).toHaveLength(admins.length);
    expect(decodedBody(alerts[0]!)).toMatch(/The database did not answer for 7[56] s/);
    // Over: clear again, its alert remembered for the status page.
    const state = (await readAlertStates(db())).find((candidate) => candidate.condition === "database-unreachable")!;
    expect(state).toMatchObject({ holding: false, detail: expect.stringMatching(/did not answer for 7[56] s/) });
    expect(state.lastFiredAt).toBeInstanceOf(Date);
  });
});
