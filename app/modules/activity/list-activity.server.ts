import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { activityLog, type ActivityLogRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { LIST_PAGE_SIZE, listPage, offsetOf } from "#app/lib/list-page";
import { can, notAllowed, type Actor } from "#app/modules/access";
import type { ActivityKind } from "./activity-kinds";

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

/** The log, newest first, filtered by person and kind, one page at a time (paged like every staff list: list-page.ts). */
async function listActivity(db: Database, filter: ActivityFilter): Promise<ActivityPage> {
  const conditions: SQL[] = [];
  if (filter.actorEmail) conditions.push(eq(activityLog.actorEmail, filter.actorEmail));
  if (filter.kind) conditions.push(eq(activityLog.kind, filter.kind));
  const where = conditions.length ? and(...conditions) : undefined;

  const [entries, [totals], actors] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(filter.page)),
    db.select({ total: count() }).from(activityLog).where(where),
    db.selectDistinct({ email: activityLog.actorEmail }).from(activityLog).orderBy(activityLog.actorEmail),
  ]);
  const { rows, ...paging } = listPage(entries, totals?.total ?? 0, filter.page);
  return { entries: rows, ...paging, actors: actors.map((row) => row.email) };
}
