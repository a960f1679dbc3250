import type { Database } from "#app/lib/db.server";
import type { ListQuery } from "#app/lib/list-page";
import { exportList } from "#app/modules/activity/index.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import {
  allCommunitySignups,
  allNewsletter,
  allWaitlist,
  communitySignupCsvColumns,
  listCommunitySignups,
  listNewsletter,
  listWaitlist,
  newsletterCsvColumns,
  waitlistCsvColumns,
} from "#app/modules/community/index.server";
import { communityStats } from "#app/modules/campaigns/index.server";
import { suppressionReasonsOf, suppressionReasonWords } from "#app/modules/deliverability/index.server";
import { allInvitationStatus, invitationStatusCsvColumns, listInvitationStatus } from "#app/modules/invitations/index.server";
import { allUserProfiles, listUserProfiles, userProfileCsvColumns } from "#app/modules/members/index.server";
import type { DashboardListKey } from "./dashboard-lists";
import { logFailure } from "#app/lib/log.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Which module reads each dashboard list: one page for the dashboard, the whole list for export.
 * The lists live in their own modules; this only names them for the two routes that show them.
 */
export async function readListPage(db: Database, key: DashboardListKey, query: ListQuery) {
  switch (key) {
    case "community": {
      // Each person's last campaign-link click and plays, from the campaigns module, beside their
      // sign-up. They are extras: when they cannot be read, the list still shows, with '—' there.
      const page = await listCommunitySignups(db, query);
      const stats = await communityStats(db, page.rows.map((row) => row.email)).catch((error: unknown) => {
        logFailure("dashboard", "reading the community's clicks and plays", error);
        return null;
      });
      const suppressed = await suppressionReasonsOf(db, page.rows.map((row) => row.email)).catch((error: unknown) => {
        logFailure("dashboard", "reading the suppression list", error);
        return new Map<string, keyof typeof suppressionReasonWords>();
      });
      const rows = page.rows.map((row) => {
        const reason = suppressed.get(normaliseEmailAddress(row.email));
        return {
          ...row,
          lastClickAt: stats ? (stats.clickedMap[row.email] ?? null) : null,
          plays: stats ? (stats.playCountMap[row.email] ?? 0) : null,
          /** Why bulk mail no longer goes to this address (deliverability), or null. */
          suppressed: reason ? suppressionReasonWords[reason] : null,
        };
      });
      return { key, ...page, rows };
    }
    case "signups":
      return { key, ...(await listUserProfiles(db, query)) };
    case "waitlist":
      return { key, ...(await listWaitlist(db, query)) };
    case "newsletter":
      return { key, ...(await listNewsletter(db, query)) };
    case "invitations":
      return { key, ...(await listInvitationStatus(db, query)) };
  }
}

export type DashboardListPage = Awaited<ReturnType<typeof readListPage>>;

/** The export of each list: the whole list, newest first, written to the activity log; admins only (the dashboard's action). */
export async function exportDashboardList(
  db: Database,
  actor: StaffMember,
  key: DashboardListKey,
): Promise<{ ok: true; csv: string; rows: number } | ReturnType<typeof notAllowed>> {
  if (!can(actor, "open-dashboard")) return notAllowed();
  return { ok: true, ...(await listExports[key](db, actor)) };
}

const listExports: Record<DashboardListKey, (db: Database, actor: StaffMember) => Promise<{ csv: string; rows: number }>> = {
  community: (db, actor) => exportList(db, actor, { name: "community", read: allCommunitySignups, columns: communitySignupCsvColumns }),
  signups: (db, actor) => exportList(db, actor, { name: "signups", read: allUserProfiles, columns: userProfileCsvColumns }),
  waitlist: (db, actor) => exportList(db, actor, { name: "waitlist", read: allWaitlist, columns: waitlistCsvColumns }),
  newsletter: (db, actor) => exportList(db, actor, { name: "newsletter", read: allNewsletter, columns: newsletterCsvColumns }),
  invitations: (db, actor) => exportList(db, actor, { name: "invitations", read: (tx) => allInvitationStatus(tx), columns: invitationStatusCsvColumns }),
};
