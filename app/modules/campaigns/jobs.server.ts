import { z } from "zod";
import type { Database } from "#app/lib/db.server";
import { defineJob } from "#app/lib/jobs/define-job";
import { fanOutCampaign, resumeCampaigns, type FanOutOptions } from "./fan-out.server";

/**
 * The campaign jobs: `campaign-fan-out` (queued when a campaign is created or resumed) turns its
 * recipients into outbox messages; `campaign-sweep` every minute resumes any campaign still
 * sending (a lost job, a crashed instance) and settles the recipients' statuses. Both are safe to
 * run twice: the recipient rows are the ledger (docs/decisions/024).
 */
export function campaignJobs(options: FanOutOptions & { db: Database }) {
  const { db, ...fanOut } = options;
  const fanOutJob = defineJob({
    name: "campaign-fan-out",
    payload: z.object({ campaignId: z.uuid() }),
    retry: { limit: 5, delaySeconds: 10, backoff: true },
    pollingIntervalSeconds: 1,
    async handler({ campaignId }) {
      await fanOutCampaign(db, campaignId, fanOut);
    },
  });
  const sweep = defineJob({
    name: "campaign-sweep",
    payload: z.object({}),
    schedule: "* * * * *",
    policy: "singleton",
    async handler() {
      await resumeCampaigns(db, fanOut);
    },
  });
  return {
    fanOut: fanOutJob,
    all: [fanOutJob, sweep],
    /** What an instance does at start: take up every campaign a stop or crash left unfinished. */
    resume: () => resumeCampaigns(db, fanOut),
  };
}
