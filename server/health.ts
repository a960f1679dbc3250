import { sql } from "drizzle-orm";
import type { Runtime } from "./runtime";
import { orElse } from "#app/lib/or-else";

/** What the checks look at: the running instance's database, job runner and phase. */
export type HealthSources = Pick<Runtime, "database" | "worker" | "phase">;

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable";
  queue: "ok" | "unreachable";
}

/** Whether this instance can serve: the database answers and the job queue runs. */
export async function checkHealth(runtime: HealthSources): Promise<Health> {
  // A stopping instance closes its pool and job runner: asking them would only fail.
  if (runtime.phase === "stopped") return { status: "unavailable", database: "unreachable", queue: "unreachable" };
  // Both asked at once: a monitor's answer waits for the slower of two round trips, not their sum,
  // which matters when the bounce poller or a campaign keeps the event loop and the database busy.
  const [database, queue] = await Promise.all([
    runtime.database.db
      .execute(sql`select 1`)
      .then(() => "ok" as const)
      .catch(orElse("unreachable" as const, "a database that cannot answer select 1 is what /healthz reports")),
    runtime.worker.isHealthy().then((healthy) => (healthy ? ("ok" as const) : ("unreachable" as const))),
  ]);
  return { status: database === "ok" && queue === "ok" ? "ok" : "unavailable", database, queue };
}

export interface Readiness {
  ready: boolean;
  /**
   * Why not: shutting down (draining or stopped), or the database does not answer. The server
   * listens only once the runtime has started, so no answer is ever "still starting".
   */
  reason?: "shutting down" | "database unreachable";
}

/**
 * Whether a load balancer should send this instance traffic: it has started (migrations done),
 * it is not shutting down, and its database answers one `select 1`. Cheaper than /healthz (no
 * look at the job queue), because the proxy asks every second or two.
 */
export async function checkReadiness(runtime: HealthSources): Promise<Readiness> {
  if (runtime.phase !== "running") return { ready: false, reason: "shutting down" };
  const answers = await runtime.database.executeSql("select 1").then(
    () => true,
    () => false,
  );
  // A shutdown may have begun while the database answered.
  if (runtime.phase !== "running") return { ready: false, reason: "shutting down" };
  return answers ? { ready: true } : { ready: false, reason: "database unreachable" };
}
