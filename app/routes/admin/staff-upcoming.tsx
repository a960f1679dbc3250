import { useLocation } from "react-router";
import type { Route } from "./+types/staff-upcoming";
import { MessagePage } from "~/components/message-page";
import { requireStaffPage } from "~/routes/guards.server";
import { pageMeta } from "~/lib/seo";
import type { Action } from "~/modules/members/policy";

/**
 * Staff pages whose tools arrive with later capabilities. The staff guard already applies, so a
 * visitor or member gets the spec's message, and staff see what is coming.
 */
const staffPages: Record<string, { title: string; text: string; action: Action }> = {
  "/admin": { title: "Staff dashboard", action: "open-dashboard", text: "The dashboard's panels (sign-ups, waitlist, invitations, newsletter) arrive with the staff tools." },
  "/admin/communications": { title: "Communications", action: "send-communications", text: "E-mail and SMS campaigns arrive with the staff tools." },
  "/admin/eventmanagement": { title: "Event management", action: "manage-events", text: "Event management arrives with the events calendar." },
  "/admin/eventreservations": { title: "Event reservations", action: "manage-reservations", text: "Reservation management arrives with the events calendar." },
};

function pageFor(pathname: string) {
  return staffPages[pathname.replace(/\/+$/, "")] ?? staffPages["/admin"]!;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, pageFor(new URL(request.url).pathname).action);
  return null;
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: pageFor(args.location.pathname).title, description: "Staff area", noIndex: true });

export default function StaffUpcomingPage() {
  const page = pageFor(useLocation().pathname);
  return <MessagePage eyebrow="Staff · opening soon" title={page.title} text={page.text} />;
}
