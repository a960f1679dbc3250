import { useLocation } from "react-router";
import { MessagePage } from "~/components/message-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/upcoming";

/**
 * Pages whose content arrives with a later capability (events and reservations, accounts and
 * the members' area, the staff area). Until then each says so honestly instead of faking a form.
 */
const upcomingPages: Record<string, { title: string; text: string; area: string }> = {
  "/reserve": { title: "Reserve Your Spot", area: "Events", text: "Seat reservations open here together with the events calendar." },
  "/rsvp": { title: "RSVP", area: "Events", text: "The RSVP for our sunset gathering opens here together with the events calendar." },
  "/vip": { title: "VIP Invitation", area: "Events", text: "VIP invitations open here together with the events calendar." },
};

function pageFor(pathname: string) {
  return upcomingPages[pathname.replace(/\/+$/, "") || "/"] ?? { title: "Coming soon", area: "Site", text: "This page is on its way." };
}

export const meta: Route.MetaFunction = (args) => {
  const page = pageFor(args.location.pathname);
  return pageMeta(args, { title: page.title, description: page.text, noIndex: page.area !== "Events" });
};

export default function UpcomingPage() {
  const page = pageFor(useLocation().pathname);
  return <MessagePage eyebrow={`${page.area} · opening soon`} title={page.title} text={page.text} />;
}
