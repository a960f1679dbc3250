import { Link } from "react-router";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import type { Route } from "#app/routes/admin/+types/dashboard";
import { ContributionsPanel, EventSummaries, AtAGlance, ListeningPanel } from "./overview-panels";
import { MemberLists } from "./member-lists";
import { FriendInvitationForm } from "./friend-invitation-form";
import { NextEvents } from "./next-events";
import { Panel } from "./panel";

/** The spec's load-failure alert, naming our database instead of the hosted service. */
export const dashboardLoadFailure = "Failed to fetch data from the database.";

const sections = [
  { to: "/admin/eventreservations", label: "Event reservations", text: "Seats, reservations and attendees per event." },
  { to: "/admin/eventmanagement", label: "Event management", text: "Create, publish, feature and archive events; they list by date." },
  { to: "/admin/communications", label: "Communications", text: "E-mail and SMS campaigns, invitations." },
];

export function DashboardPage({ data, outcome }: { data: Route.ComponentProps["loaderData"]; outcome?: StaffOutcome }) {
  return (
    <div className="mt-6 space-y-6">
      <h1 className="text-4xl text-ivory">Dashboard</h1>
      {data.failed ? (
        <p role="alert" className="rounded-xl border border-danger/60 bg-danger/15 p-4 font-semibold text-danger">
          {dashboardLoadFailure}
        </p>
      ) : null}
      {outcome ? (
        // Shown for a delete posted without JavaScript; with it, the same outcome is a toast.
        <p role={outcome.ok ? "status" : "alert"} className={`rounded-xl border p-4 ${outcome.ok ? "border-sage/60 text-ivory" : "border-danger/60 bg-danger/15 text-danger"}`}>
          {outcome.message}
        </p>
      ) : null}

      <nav aria-label="Staff pages">
        <ul className="grid gap-3 sm:grid-cols-3">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="block h-full rounded-2xl border border-sand/15 p-4 hover:border-amber focus-visible:outline-2 focus-visible:outline-amber"
              >
                <span className="block font-semibold text-amber">{section.label}</span>
                <span className="mt-1 block text-sm text-sand">{section.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <NextEvents events={data.events} timeZone={data.timeZone} />
      <AtAGlance events={data.events} signUps={data.signUps} listening={data.listening} timeZone={data.timeZone} />
      <EventSummaries events={data.events} />
      <ContributionsPanel contributions={data.contributions} timeZone={data.timeZone} />
      <ListeningPanel listening={data.listening} />
      <MemberLists listKey={data.listKey} search={data.search} list={data.list} timeZone={data.timeZone} />

      <div className="grid gap-6 md:grid-cols-2">
        <Panel id="friend-invitations" title="Friend invitation generator">
          <FriendInvitationForm fallback={outcome?.intent === "send-friend-invitation" ? outcome : undefined} />
        </Panel>
        <Panel id="email-campaigns" title="E-mail campaign tools">
          <p className="text-sand">
            Sign-in link campaigns, announcements, previews and the import of past attendees live on{" "}
            <Link to="/admin/communications" className="text-amber underline underline-offset-4">
              Communications
            </Link>
            .
          </p>
        </Panel>
      </div>
    </div>
  );
}
