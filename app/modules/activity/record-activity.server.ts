import { activityLog } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { ActivityKind } from "./activity-kinds";

/** The staff member who acts, as every staff use case receives it. */
export interface StaffActor {
  id: string;
  email: string;
}

export interface ActivityEntry {
  kind: ActivityKind;
  subjectType: string;
  subjectId?: string | null;
  subjectLabel?: string | null;
  before?: unknown;
  after?: unknown;
}

/** A command run on the server (no account): its name stands for the actor, e.g. 'npm run import:legacy'. */
export interface CommandActor {
  id: null;
  email: string;
}

/**
 * Writes one line of the activity log. Call it with the transaction of the change it describes,
 * so both land or neither does.
 */
export async function recordActivity(tx: Database, actor: StaffActor | CommandActor, entry: ActivityEntry): Promise<void> {
  await tx.insert(activityLog).values({
    actorUserId: actor.id,
    actorEmail: actor.email,
    kind: entry.kind,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId ?? null,
    subjectLabel: entry.subjectLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
