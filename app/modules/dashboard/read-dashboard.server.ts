import type { Database } from "#app/lib/db.server";
import { settle } from "#app/lib/settle.server";
import { can, notAllowed, type Actor } from "#app/modules/access";
import { signUpTrend } from "#app/modules/community/index.server";
import { summariseEvents } from "#app/modules/events/index.server";
import { listeningAnalytics } from "#app/modules/music/index.server";
import { contributionsOfRecentEvents } from "#app/modules/reservations/index.server";
import type { DashboardListKey } from "./dashboard-lists";
import { readListPage } from "./dashboard-lists.server";

/** How many upcoming, and how many past, events the contributions chart shows. */
const CONTRIBUTION_EVENTS_SHOWN = 5;

/**
 * What /admin shows, for staff who may open the dashboard: the events summary, the sign-up trend,
 * the listening analytics, the contributions per event and one page of the chosen list. Each part is read on its own, so one
 * that fails costs its panel, not the page (`failed` says whether any did).
 */
export async function readDashboard(
  db: Database,
  actor: Actor,
  options: { listKey: DashboardListKey; search: string; page: number; now: Date; timeZone: string },
) {
  if (!can(actor, "open-dashboard")) return notAllowed();
  const { listKey, search, page, now, timeZone } = options;
  const [events, signUps, listening, contributions, list] = await Promise.all([
    settle("dashboard", "reading the events summary", summariseEvents(db, now)),
    settle("dashboard", "reading the sign-up trend", signUpTrend(db, now, timeZone)),
    settle("dashboard", "reading the listening analytics", listeningAnalytics(db, now, timeZone)),
    settle("dashboard", "reading the contributions per event", contributionsOfRecentEvents(db, { now, shown: CONTRIBUTION_EVENTS_SHOWN })),
    settle("dashboard", `reading the ${listKey} list`, readListPage(db, listKey, { search, page })),
  ]);
  return { ok: true as const, events, signUps, listening, contributions, list, failed: [events, signUps, listening, contributions, list].some((part) => !part.ok) };
}
