import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import { DashboardPage } from "~/components/admin/dashboard/dashboard-page";
import { isDashboardListKey } from "~/modules/dashboard";
import type { StaffOutcome } from "~/components/admin/staff-outcome";
import { readForm } from "~/lib/form-data.server";
import { pageNumber } from "~/lib/list-page";
import { pageMeta } from "~/lib/seo";
import { siteConfig } from "~/lib/site-config";
import { deleteCommunityMember } from "~/modules/community/index.server";
import { communityStaffMessages } from "~/modules/community";
import { deleteUserProfile } from "~/modules/members/index.server";
import { memberDirectoryMessages } from "~/modules/members";
import { requireStaffPage, requireStaffPageOrRedirect, searchParam } from "~/routes/guards.server";
import { readDashboard } from "~/modules/dashboard/index.server";
import { refusalStatus } from "~/lib/outcome";
import { invitationAction, isInvitationIntent } from "./invitation-actions.server";
import { logFailure } from "~/lib/log.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Dashboard", description: "Staff dashboard", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPageOrRedirect(request, "open-dashboard", context);
  const query = new URL(request.url).searchParams;
  const requested = query.get("list");
  const listKey = isDashboardListKey(requested) ? requested : "community";
  const search = searchParam(query, "q");
  const timeZone = siteConfig.venue.timeZone;
  const read = await readDashboard(context.db, user, { listKey, search, page: pageNumber(query.get("page")), now: context.now(), timeZone });
  if (!read.ok) throw data({ message: read.message }, { status: refusalStatus(read.reason) });
  const { events, signUps, listening, list, failed } = read;
  return { events, signUps, listening, list, listKey, search, timeZone, failed };
}

const deleteInput = z.object({
  intent: z.enum(["delete-community-member", "delete-signup"]),
  id: z.uuid(),
});

/** Deletes from the lists; a plain form post (no JavaScript) and a fetcher get the same outcome. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "open-dashboard", context);
  const form = await readForm(request);
  if (isInvitationIntent(form.intent)) {
    // Invitations are communications: their own right, whoever may open the dashboard.
    await requireStaffPage(request, "send-communications", context);
    const outcome = await invitationAction(user, form.intent, form, { db: context.db, publicUrl: context.env.PUBLIC_URL });
    return data<StaffOutcome>(outcome.body, { status: outcome.status });
  }
  const parsed = deleteInput.safeParse(form);
  const failure = form.intent === "delete-signup" ? memberDirectoryMessages.deleteFailed : communityStaffMessages.deleteFailed;
  if (!parsed.success) return data<StaffOutcome>({ ok: false, intent: form.intent, message: failure }, { status: 400 });
  const db = context.db;
  const { intent, id } = parsed.data;
  try {
    const outcome = intent === "delete-community-member" ? await deleteCommunityMember(db, user, { id }) : await deleteUserProfile(db, user, { id });
    if (!outcome.ok) return data<StaffOutcome>({ ok: false, intent, message: failure }, { status: 404 });
    const message = intent === "delete-community-member" ? communityStaffMessages.deleted(outcome.email) : memberDirectoryMessages.deleted(outcome.email);
    return data<StaffOutcome>({ ok: true, intent, message });
  } catch (error) {
    logFailure("dashboard", `the dashboard's ${intent}`, error);
    return data<StaffOutcome>({ ok: false, intent, message: failure }, { status: 503 });
  }
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  return <DashboardPage data={loaderData} outcome={actionData} />;
}
