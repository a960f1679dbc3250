import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows, type DatabaseHandle } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import { projectRoot } from "#app/lib/project-root.server";
import { countMessagesByStatus } from "#app/modules/messaging/index.server";
import { logFailure } from "#app/lib/log.server";
import type { OperationsStatus } from "#app/modules/operations/index.server";
import { orElse } from "#app/lib/or-else";

/**
 * The /admin/setup status page (admins only, by the policy): what this instance runs on and
 * whether each part works. The details (where the data lives, the mail host, migration names, the
 * SMS number, outbox counts) are gathered only when asked for.
 */

export type CheckState = "ok" | "problem" | "not-configured";

export interface StatusDetail {
  label: string;
  value: string;
}

export interface StatusCheck {
  id: "database" | "migrations" | "mail" | "sms" | "queue" | "outbox" | "backups" | "alerts" | "dkim" | "bounces" | "payments";
  title: string;
  state: CheckState;
  summary: string;
  /** Only when details were asked for (admins). */
  details?: StatusDetail[];
}

export interface SystemStatus {
  checks: StatusCheck[];
  detailsIncluded: boolean;
}

/** What a running instance is made of; the server's Runtime fits this shape. */
export interface StatusSources {
  env: Pick<Env, "SMTP_URL" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM">;
  database: Pick<DatabaseHandle, "db" | "driver" | "location">;
  mail: { name: "smtp" | "mailbox" };
  worker: { isHealthy(): Promise<boolean> };
  /** Scheduled backups and alerts (modules/operations); absent in tests that build a bare instance. */
  operations?: { status(): Promise<OperationsStatus> };
}

export async function gatherSystemStatus(
  sources: StatusSources,
  options: { includeDetails: boolean; migrationsFolder?: string },
): Promise<SystemStatus> {
  const checks = await Promise.all([
    checkDatabase(sources),
    checkMigrations(sources, options.migrationsFolder ?? path.join(projectRoot(), "db", "migrations")),
    Promise.resolve(checkMail(sources)),
    Promise.resolve(checkSms(sources)),
    checkQueue(sources),
    checkOutbox(sources),
    ...(sources.operations ? checkOperations(sources, sources.operations) : []),
  ]);
  if (options.includeDetails) return { checks, detailsIncluded: true };
  return { checks: checks.map(({ details: _details, ...check }) => check), detailsIncluded: false };
}

async function checkDatabase({ database }: StatusSources): Promise<StatusCheck> {
  // Plain words for the founder who reads this page: what the database is, not the library's name.
  const kind = database.driver === "pglite" ? "Built-in database, in this server's data folder" : "PostgreSQL server";
  const answers = await database.db
    .execute(sql`select 1`)
    .then(() => true)
    .catch(orElse(false, "a database that cannot answer select 1 is shown as not answering"));
  return {
    id: "database",
    title: "Database",
    state: answers ? "ok" : "problem",
    summary: answers ? `${kind}, answering` : `${kind}, not answering`,
    details: [
      { label: "Kind", value: kind },
      { label: "Where the data is", value: database.location },
    ],
  };
}

interface JournalEntry {
  tag: string;
  when: number;
}

async function checkMigrations({ database }: StatusSources, folder: string): Promise<StatusCheck> {
  // Said as updates to the database's structure: the migrations' file names mean nothing to the page's readers.
  const base = { id: "migrations" as const, title: "Database structure" };
  let journal: JournalEntry[];
  try {
    const text = await readFile(path.join(folder, "meta", "_journal.json"), "utf8");
    journal = (JSON.parse(text) as { entries: JournalEntry[] }).entries;
  } catch (error) {
    logFailure("status", "reading the migration journal", error);
    return { ...base, state: "problem", summary: "The list of database updates could not be read" };
  }
  let applied: number[];
  try {
    // Drizzle records each applied migration with the journal's timestamp of that migration.
    const rows = await queryRows<{ created_at: string | number }>(
      database.db,
      sql`select created_at from drizzle.__drizzle_migrations`,
    );
    applied = rows.map((row) => Number(row.created_at));
  } catch (error) {
    logFailure("status", "reading the applied migrations", error);
    return { ...base, state: "problem", summary: "Which database updates were applied could not be read" };
  }
  const done = journal.filter((entry) => applied.includes(entry.when)).length;
  const waiting = journal.length - done;
  return {
    ...base,
    state: waiting === 0 ? "ok" : "problem",
    summary:
      waiting === 0
        ? "Up to date"
        : `${waiting} ${waiting === 1 ? "update is" : "updates are"} not applied yet: the server applies them when it starts, so restart it`,
    details: [{ label: "Updates applied", value: `${done} of ${journal.length}` }],
  };
}

function checkMail({ env, mail }: StatusSources): StatusCheck {
  if (mail.name === "mailbox" || !env.SMTP_URL) {
    return {
      id: "mail",
      title: "E-mail",
      state: "not-configured",
      summary: "Dev mailbox: e-mails are kept on this server, not sent",
      details: [{ label: "Read them at", value: "/dev/mailbox" }],
    };
  }
  const url = new URL(env.SMTP_URL);
  return {
    id: "mail",
    title: "E-mail",
    state: "ok",
    summary: "Sent over SMTP",
    // Host and port only: the URL's user name and password stay out of the page.
    details: [{ label: "SMTP server", value: `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ""}` }],
  };
}

function checkSms({ env }: StatusSources): StatusCheck {
  const settings = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
  const set = settings.filter(Boolean).length;
  if (set === 0) return { id: "sms", title: "SMS", state: "not-configured", summary: "Twilio is not configured: texts go to the dev mailbox (Texts tab)" };
  if (set < settings.length) {
    return {
      id: "sms",
      title: "SMS",
      state: "problem",
      summary: "Twilio is partly configured",
      details: [{ label: "Needs", value: "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM" }],
    };
  }
  return {
    id: "sms",
    title: "SMS",
    state: "ok",
    summary: "Twilio configured",
    details: [{ label: "Sender", value: env.TWILIO_FROM!.startsWith("MG") ? `Messaging Service ${env.TWILIO_FROM!.slice(0, 6)}…` : maskPhoneNumber(env.TWILIO_FROM!) }],
  };
}

/** '+16195550100' → '+1••••••0100': enough to recognise the number, not to copy it. */
export function maskPhoneNumber(number: string): string {
  if (number.length <= 6) return "•".repeat(number.length);
  return `${number.slice(0, 2)}${"•".repeat(number.length - 6)}${number.slice(-4)}`;
}

async function checkQueue({ worker }: StatusSources): Promise<StatusCheck> {
  const healthy = await worker.isHealthy().catch(orElse(false, "a queue that cannot say is shown as not running"));
  return {
    id: "queue",
    title: "Job queue",
    state: healthy ? "ok" : "problem",
    summary: healthy ? "Running" : "Not answering",
  };
}

async function checkOutbox({ database }: StatusSources): Promise<StatusCheck> {
  const base = { id: "outbox" as const, title: "Outgoing messages" };
  try {
    const counts = await countMessagesByStatus(database.db);
    const count = (status: "pending" | "sending" | "failed" | "sent") => counts.get(status) ?? 0;
    const waiting = count("pending") + count("sending");
    const failed = count("failed");
    return {
      ...base,
      state: failed > 0 ? "problem" : "ok",
      summary: failed > 0 ? "Some messages could not be sent" : "No failed messages",
      details: [
        { label: "Waiting to be sent", value: String(waiting) },
        { label: "Failed", value: String(failed) },
        { label: "Sent", value: String(count("sent")) },
      ],
    };
  } catch (error) {
    logFailure("status", "counting the outbox", error);
    return { ...base, state: "problem", summary: "The outbox could not be read" };
  }
}

const utc = (date: Date) => `${date.toISOString().replace("T", " ").slice(0, 16)} UTC`;

/** The backups and alerts checks, from one read of the operations' state. */
function checkOperations({ database }: StatusSources, operations: { status(): Promise<OperationsStatus> }): Promise<StatusCheck>[] {
  const status = operations.status().catch((error: unknown) => {
    logFailure("status", "reading the backups and alerts", error);
    return undefined;
  });
  return [status.then((read) => checkBackups(database.driver, read)), status.then(checkAlerts)];
}

function checkBackups(driver: StatusSources["database"]["driver"], status: OperationsStatus | undefined): StatusCheck {
  const base = { id: "backups" as const, title: "Backups" };
  if (!status) return { ...base, state: "problem", summary: "The state of the backups could not be read" };
  const { backups } = status;
  if (!backups) {
    return {
      ...base,
      state: "not-configured",
      summary:
        driver === "pglite"
          ? "No scheduled backups: set BACKUP_EVERY_HOURS, or stop the server and run npm run backup"
          : "No scheduled backups: back the PostgreSQL server up with its own tools, or run npm run backup",
    };
  }
  const latest = backups.latest ? `${utc(backups.latest.takenAt)}, ${(backups.latest.bytes / 1e6).toFixed(1)} MB` : "none yet";
  const details = [
    { label: "Last backup", value: latest },
    { label: "Folder", value: backups.dir },
    { label: "Schedule", value: `every ${Number(backups.everyHours.toPrecision(3))} h, the last ${backups.keep} kept` },
    ...(backups.failure ? [{ label: "Last failure", value: `${utc(backups.failure.at)}: ${backups.failure.reason}` }] : []),
  ];
  if (backups.failure) return { ...base, state: "problem", summary: `The last scheduled backup failed (${utc(backups.failure.at)})`, details };
  return { ...base, state: "ok", summary: backups.latest ? `Last backup ${latest}` : "Scheduled; none taken yet", details };
}

function checkAlerts(status: OperationsStatus | undefined): StatusCheck {
  const base = { id: "alerts" as const, title: "Alerts" };
  if (!status) return { ...base, state: "problem", summary: "The alerts' state could not be read" };
  const holding = status.alerts.filter((alert) => alert.holding);
  return {
    ...base,
    state: holding.length > 0 ? "problem" : "ok",
    summary: holding.length > 0 ? `Holding now: ${holding.map((alert) => alert.title.toLowerCase()).join("; ")}` : "No alert condition holds",
    details: status.alerts.map((alert) => ({
      label: alert.title,
      value: [
        alert.holding ? `holds since ${utc(alert.since!)}` : "clear",
        alert.lastFiredAt ? `last e-mailed ${utc(alert.lastFiredAt)}` : "never e-mailed",
        alert.detail && (alert.holding || alert.lastFiredAt) ? alert.detail : undefined,
      ]
        .filter(Boolean)
        .join(" · "),
    })),
  };
}
