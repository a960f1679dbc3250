import { z } from "zod";
import type { DatabaseHandle } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { defineJob, type JobDefinition } from "#app/lib/jobs/define-job";
import { log, logFailure, setDatabaseOutageListener } from "#app/lib/log.server";
import { noteConditionInBackground, noteDatabaseOutage, readAlertStates, type AlertSettings, type AlertStateView } from "./alerts.server";
import { checkOutboxAlerts } from "./check-alerts.server";
import { declareDatabaseMetrics } from "./metrics.server";
import { startScheduledBackups, type ScheduledBackups, type ScheduledBackupsState } from "./scheduled-backups.server";

export interface OperationsStatus {
  /** Undefined when scheduled backups are off (BACKUP_EVERY_HOURS unset, or PostgreSQL). */
  backups?: ScheduledBackupsState;
  alerts: AlertStateView[];
}

export interface Operations {
  /** The jobs the runner registers: the alert check, every minute. */
  jobs: JobDefinition<unknown>[];
  backups?: ScheduledBackups;
  status(): Promise<OperationsStatus>;
  stop(): Promise<void>;
}

/**
 * This instance's operations (docs/decisions/047): the gauges /metrics reads from the database,
 * the embedded database's scheduled backups, and the alerts (the outbox conditions checked by a
 * scheduled job, a failed backup and a database outage as they happen).
 */
export function startOperations({ env, database, wake }: { env: Env; database: DatabaseHandle; wake: OutboxWake }): Operations {
  const settings: AlertSettings = { admins: env.ADMIN_EMAILS, publicUrl: env.PUBLIC_URL, wake };
  declareDatabaseMetrics(database);

  setDatabaseOutageListener((outage) => {
    noteDatabaseOutage(database.db, outage, settings).catch((error: unknown) => logFailure("alerts", "noting the database outage", error));
  });

  let backups: ScheduledBackups | undefined;
  if (env.BACKUP_EVERY_HOURS && database.driver === "postgres") {
    log("warn", "backup", "BACKUP_EVERY_HOURS is for the embedded database: back PostgreSQL up with its own tools (pg_dump from cron, or your provider's backups); see the README");
  } else if (env.BACKUP_EVERY_HOURS) {
    backups = startScheduledBackups({
      handle: database,
      dir: env.BACKUP_DIR,
      uploadsDir: env.UPLOADS_DIR,
      everyHours: env.BACKUP_EVERY_HOURS,
      keep: env.BACKUP_KEEP,
      // The alert names the folder and the system's error code; the whole reason is on the status page.
      onResult: (outcome) =>
        noteConditionInBackground(
          database.db,
          "backup-failing",
          !outcome.ok,
          outcome.ok ? undefined : `The backup into ${env.BACKUP_DIR} failed${outcome.code ? ` (${outcome.code})` : ""}. The system status page shows the reason.`,
          settings,
        ),
    });
  }

  const checkAlerts = defineJob({
    name: "check-alerts",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 15,
    async handler() {
      await checkOutboxAlerts(database.db, settings);
    },
  });

  return {
    jobs: [checkAlerts as JobDefinition<unknown>],
    backups,
    async status() {
      return { backups: await backups?.state(), alerts: await readAlertStates(database.db) };
    },
    async stop() {
      setDatabaseOutageListener(undefined);
      await backups?.stop();
    },
  };
}
