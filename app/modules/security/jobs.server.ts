import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import { pruneRateLimits } from "./rate-limit.server";

/** Once an hour, one instance forgets rate-limit counters of windows long past. */
export function securityJobs({ db }: { db: Database }) {
  const prune = defineJob({
    name: "prune-rate-limits",
    payload: z.object({}),
    schedule: "17 * * * *",
    policy: "singleton",
    pollingIntervalSeconds: 30,
    async handler() {
      await pruneRateLimits(db);
    },
  });
  return { all: [prune] };
}
