import type { z } from "zod";

/** How pg-boss retries a failed job: `limit` more attempts, the first after `delaySeconds`. */
export interface RetryPolicy {
  limit: number;
  delaySeconds: number;
  /** Each further delay doubles (with pg-boss's jitter). */
  backoff: boolean;
}

/** Options of one send, on top of the definition's retry policy. */
export interface SendJobOptions {
  /** At most one queued job with this key (pg-boss `singletonKey`). */
  singletonKey?: string;
  /** Run no earlier than this many seconds from now. */
  startAfterSeconds?: number;
}

/** Queues a job of a registered definition; the payload is checked against its schema first. */
export type SendJob = <Payload>(job: JobDefinition<Payload>, payload: Payload, options?: SendJobOptions) => Promise<void>;

/** What a handler gets besides its payload. */
export interface JobContext {
  jobId: string;
  /** Queues another job (e.g. the outbox sweep queues deliveries). */
  send: SendJob;
}

/**
 * A background job a module declares: its queue name, the zod schema of its payload, the handler,
 * and how it is retried and scheduled. The runner (job-runner.server.ts) registers them all.
 * A handler that throws fails the attempt; pg-boss retries it by `retry`.
 */
export interface JobDefinition<Payload = unknown> {
  name: string;
  payload: z.ZodType<Payload>;
  handler(payload: Payload, context: JobContext): Promise<void>;
  /** Without one, a failed job is not retried. */
  retry?: RetryPolicy;
  /** A cron expression (UTC): the runner queues the job on it, with an empty payload (`{}`). */
  schedule?: string;
  /** pg-boss queue policy; "singleton" keeps at most one job of the queue running at a time. */
  policy?: "standard" | "short" | "singleton" | "stately";
  /** How often an idle worker looks for jobs of this queue. */
  pollingIntervalSeconds?: number;
}

/** Declares a job; only an identity function, so the payload type is inferred from the schema. */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}
