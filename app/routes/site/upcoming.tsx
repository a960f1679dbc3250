import { useLocation } from "react-router";
import { MessagePage } from "~/components/message-page";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/upcoming";

/**
 * Pages whose content arrives with a later capability (events and reservations, accounts and
 * the members' area, the staff area). Until then each says so honestly instead of faking a form.
 */
const upcomingPages: Record<string, { title: string; text: string; area: string }> = {
  "/events": { title: "Events", area: "Events", text: "Our calendar of gatherings and seat reservations is being set up here. In the meantime, join the newsletter below to hear of the next one." },
  "/reserve": { title: "Reserve Your Spot", area: "Events", text: "Seat reservations open here together with the events calendar." },
  "/rsvp": { title: "RSVP", area: "Events", text: "The RSVP for our sunset gathering opens here together with the events calendar." },
  "/vip": { title: "VIP Invitation", area: "Events", text: "VIP invitations open here together with the events calendar." },
  "/login": { title: "Member login", area: "Members", text: "Member sign-in, by e-mailed link or password, opens here with member accounts." },
  "/signup": { title: "Create an account", area: "Members", text: "Member accounts open here soon." },
  "/reset-password": { title: "Reset your password", area: "Members", text: "Password resets arrive with member accounts." },
  "/join": { title: "Join Our Community", area: "Members", text: "The community sign-up opens here with member accounts." },
  "/profile": { title: "Your profile", area: "Members", text: "Member profiles arrive with member accounts." },
  "/invitation": { title: "Complete Your Membership", area: "Members", text: "Invitations are accepted here once member accounts open." },
  "/admin/setup": { title: "System status", area: "Staff", text: "The system status page arrives with staff accounts." },
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
