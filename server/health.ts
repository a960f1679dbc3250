import { sql } from "drizzle-orm";
import { getRuntime, isDraining } from "./runtime";
import { orElse } from "#app/lib/or-else";

export interface Health {
  status: "ok" | "unavailable";
  database: "ok" | "unreachable";
  queue: "ok" | "unreachable";
}

/** Whether this instance can serve: the database answers and the job queue runs. */
export async function checkHealth(): Promise<Health> {
  let runtime;
  try {
    runtime = getRuntime();
  } catch {
    return { status: "unavailable", database: "unreachable", queue: "unreachable" };
  }
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
  /** Why not: still starting (or already stopped), shutting down, or the database does not answer. */
  reason?: "starting" | "shutting down" | "database unreachable";
}

/**
 * Whether a load balancer should send this instance traffic: it has started (migrations done),
 * it is not shutting down, and its database answers one `select 1`. Cheaper than /healthz (no
 * look at the job queue), because the proxy asks every second or two.
 */
export async function checkReadiness(): Promise<Readiness> {
  if (isDraining()) return { ready: false, reason: "shutting down" };
  let runtime;
  try {
    runtime = getRuntime();
  } catch {
    return { ready: false, reason: "starting" };
  }
  const answers = await runtime.database.executeSql("select 1").then(
    () => true,
    () => false,
  );
  if (isDraining()) return { ready: false, reason: "shutting down" };
  return answers ? { ready: true } : { ready: false, reason: "database unreachable" };
}
