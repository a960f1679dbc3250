import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db.server";
import type { JobDefinition, RetryPolicy, SendJob, SendJobOptions } from "./define-job";
import { isDatabaseUnavailableError } from "../database-errors.server";
import { log, logFailure } from "../log.server";
import { orElse } from "#app/lib/or-else";

export interface JobRunner {
  /** Queues a job of a registered definition, its payload checked against the definition's schema. */
  send: SendJob;
  /** Whether the queue answers, for /healthz and the status page. */
  isHealthy(): Promise<boolean>;
  /** Stops fetching new jobs at once; jobs in progress go on, and `send` still works (a shutdown's last wake). */
  stopFetching(): void;
  /** Stops fetching, lets the jobs in progress finish (up to `timeoutMs`, default 10 s), then disconnects. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
}

export interface JobRunnerOptions {
  handle: Pick<DatabaseHandle, "executeSql">;
  /** Every module's job definitions; names must be unique. */
  jobs: readonly JobDefinition<unknown>[];
  /** Schema of pg-boss's own tables. */
  schema?: string;
  /** Queues of jobs that no longer exist: deleted with their jobs and schedules at start. */
  retiredQueues?: readonly string[];
}

const noRetry: RetryPolicy = { limit: 0, delaySeconds: 0, backoff: false };

const retryOptions = (retry: RetryPolicy = noRetry) => ({
  retryLimit: retry.limit,
  retryDelay: retry.delaySeconds,
  retryBackoff: retry.backoff,
});

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one pg-boss instance of a process: creates a queue per job definition, works each queue
 * with its handler, schedules the cron jobs. Infrastructure only: the modules bring their jobs
 * and the composition root (server/runtime.ts) hands them over. Every instance of the server runs
 * one; pg-boss lets one instance at a time run a scheduled job and its own maintenance.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const definitions = new Map<string, JobDefinition<unknown>>();
  for (const job of options.jobs) {
    if (definitions.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    definitions.set(job.name, job);
  }

  const boss = new PgBoss({
    db: { executeSql: (text, values) => options.handle.executeSql(text, values) },
    schema: options.schema ?? "pgboss",
    supervise: true,
    schedule: true,
  });
  boss.on("error", (error) => logFailure("jobs", "the job queue", error));
  await boss.start();

  const send: SendJob = async (job, payload, sendOptions: SendJobOptions = {}) => {
    if (definitions.get(job.name) !== (job as JobDefinition<unknown>)) throw new Error(`The job ${job.name} is not registered`);
    const data = job.payload.parse(payload) as object;
    await boss.send(job.name, data, {
      ...retryOptions(job.retry),
      ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
      ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
    });
  };

  try {
    for (const name of options.retiredQueues ?? []) await boss.deleteQueue(name);
    for (const job of definitions.values()) {
      await boss.createQueue(job.name, { name: job.name, policy: job.policy, ...retryOptions(job.retry) });
      await boss.work<unknown>(job.name, { pollingIntervalSeconds: job.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
        for (const queued of jobs) await run(job, queued);
      });
      if (job.schedule) await boss.schedule(job.name, job.schedule, {}, retryOptions(job.retry));
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(orElse(undefined, "the start failed already, which is the error reported; stopping is best effort"));
    throw error;
  }

  async function run(job: JobDefinition<unknown>, queued: PgBoss.Job<unknown>) {
    // A scheduled job, or one sent without data, has an empty payload.
    const parsed = job.payload.safeParse(queued.data ?? {});
    if (!parsed.success) {
      // Throwing fails this job only; the worker goes on with the next one.
      const problem = parsed.error.issues.map((issue) => `${issue.path.join(".") || "payload"}: ${issue.message}`).join("; ");
      log("error", "jobs", `${job.name} ${queued.id} has an invalid payload: ${problem}`);
      throw new Error(`Invalid payload for ${job.name}: ${problem}`);
    }
    try {
      await job.handler(parsed.data, { jobId: queued.id, send });
    } catch (error) {
      if (isDatabaseUnavailableError(error)) logFailure("jobs", job.name, error);
      else log("error", "jobs", `${job.name} ${queued.id} failed: ${describe(error)}`);
      throw error;
    }
  }

  const probe = definitions.keys().next().value;
  return {
    send,
    async isHealthy() {
      try {
        if (probe) await boss.getQueueSize(probe);
        else await boss.isInstalled();
        return true;
      } catch {
        return false;
      }
    },
    stopFetching() {
      for (const name of definitions.keys()) void boss.offWork(name).catch(orElse(undefined, "shutting down: a queue that will not stop fetching stops with the process"));
    },
    async stop({ timeoutMs = 10_000 } = {}) {
      // pg-boss waits at least a second.
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(1_000, timeoutMs) });
    },
  };
}
