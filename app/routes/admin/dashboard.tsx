import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dashboard";
import { DashboardPage } from "#app/components/admin/dashboard/dashboard-page";
import { isDashboardListKey } from "#app/modules/dashboard";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { readForm } from "#app/lib/form-data.server";
import { pageNumber } from "#app/lib/list-page";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { deleteCommunityMember } from "#app/modules/community/index.server";
import { communityStaffMessages } from "#app/modules/community";
import { deleteUserProfile } from "#app/modules/members/index.server";
import { memberDirectoryMessages } from "#app/modules/members";
import { requireStaffPage, requireStaffPageOrRedirect, searchParam } from "#app/routes/guards.server";
import { readDashboard } from "#app/modules/dashboard/index.server";
import { refusalStatus } from "#app/lib/outcome";
import { invitationAction, isInvitationIntent } from "./invitation-actions.server";
import { logFailure } from "#app/lib/log.server";

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
  const { events, signUps, listening, contributions, list, failed } = read;
  return { events, signUps, listening, contributions, list, listKey, search, timeZone, failed };
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
    const outcome = await invitationAction(user, form.intent, form, { db: context.db, publicUrl: context.env.PUBLIC_URL, wake: context.wake.outbox });
    return data<StaffOutcome>(outcome.body, { status: outcome.status });
  }
  const parsed = deleteInput.safeParse(form);
  const failure = form.intent === "delete-signup" ? memberDirectoryMessages.deleteFailed : communityStaffMessages.deleteFailed;
  if (!parsed.success) return data<StaffOutcome>({ ok: false, intent: form.intent, message: failure }, { status: 400 });
  const db = context.db;
  const { intent, id } = parsed.data;
  try {
    const outcome = intent === "delete-community-member" ? await deleteCommunityMember(db, user, { id }) : await deleteUserProfile(db, user, { id });
    if (!outcome.ok) return data<StaffOutcome>({ ok: false, intent, message: failure }, { status: refusalStatus(outcome.reason) });
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
