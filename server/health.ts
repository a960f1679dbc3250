import { sql } from "drizzle-orm";
import { getRuntime } from "./runtime";

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
  const database = await runtime.database.db
    .execute(sql`select 1`)
    .then(() => "ok" as const)
    .catch(() => "unreachable" as const);
  const queue = (await runtime.worker.isHealthy()) ? ("ok" as const) : ("unreachable" as const);
  return { status: database === "ok" && queue === "ok" ? "ok" : "unavailable", database, queue };
}
