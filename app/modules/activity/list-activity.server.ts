import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { activityLog, type ActivityLogRow } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { can, notAllowed, type Actor } from "~/modules/access";
import type { ActivityKind } from "./activity-kinds";

export const ACTIVITY_PAGE_SIZE = 50;

export interface ActivityFilter {
  actorEmail?: string;
  kind?: ActivityKind;
  /** 1-based page number. */
  page: number;
}

export interface ActivityPage {
  entries: ActivityLogRow[];
  total: number;
  page: number;
  pageCount: number;
  /** Everyone who has written the log, for the person filter. */
  actors: string[];
}

/** The activity page's log for staff who may see it (view-activity), else the policy's refusal. */
export async function readActivityLog(db: Database, actor: Actor, filter: ActivityFilter): Promise<({ ok: true } & ActivityPage) | ReturnType<typeof notAllowed>> {
  if (!can(actor, "view-activity")) return notAllowed();
  return { ok: true, ...(await listActivity(db, filter)) };
}

/** The log, newest first, filtered by person and kind, one page at a time. */
async function listActivity(db: Database, filter: ActivityFilter): Promise<ActivityPage> {
  const conditions: SQL[] = [];
  if (filter.actorEmail) conditions.push(eq(activityLog.actorEmail, filter.actorEmail));
  if (filter.kind) conditions.push(eq(activityLog.kind, filter.kind));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(filter.page) || 1);

  const [entries, [totals], actors] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(ACTIVITY_PAGE_SIZE)
      .offset((page - 1) * ACTIVITY_PAGE_SIZE),
    db.select({ total: count() }).from(activityLog).where(where),
    db.selectDistinct({ email: activityLog.actorEmail }).from(activityLog).orderBy(activityLog.actorEmail),
  ]);
  const total = totals?.total ?? 0;
  return {
    entries,
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE)),
    actors: actors.map((row) => row.email),
  };
}
