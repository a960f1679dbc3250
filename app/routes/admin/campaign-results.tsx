import { data, Link } from "react-router";
import type { Route } from "./+types/campaign-results";
import { StackedTable } from "#app/components/admin/dashboard/stacked-table";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { campaignResults, resultLabels } from "#app/modules/campaigns/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { refusalStatus } from "#app/lib/outcome";
import { SearchAndExport } from "#app/components/admin/search-and-export";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Campaign results", description: "Each recipient's result", noIndex: true });

/** GET /admin/communications/campaigns/:campaignId — each recipient of a campaign and what became of their message (admins). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "send-communications", context);
  const search = searchParam(new URL(request.url).searchParams, "q");
  const outcome = await campaignResults(context.db, user, params.campaignId, { search, limit: 500 });
  if (!outcome.ok) throw data({ message: outcome.message }, { status: refusalStatus(outcome.reason) });
  const timeZone = siteConfig.venue.timeZone;
  const when = (at: Date | null) => (at ? formatVenueDateTime(at, timeZone) : "");
  return {
    search,
    campaign: { ...outcome.campaign, createdAt: when(outcome.campaign.createdAt) },
    total: outcome.total,
    matching: outcome.matching,
    recipients: outcome.recipients.map((row) => ({ ...row, result: resultLabels[row.result], sentAt: when(row.sentAt), clickedAt: when(row.clickedAt) })),
  };
}

export default function CampaignResultsPage({ loaderData }: Route.ComponentProps) {
  const { campaign, recipients, search } = loaderData;
  const isText = campaign.channel === "sms";
  const csvHref = `/admin/communications/campaigns/${campaign.id}/results.csv${search ? `?q=${encodeURIComponent(search)}` : ""}`;
  return (
    <section aria-labelledby="campaign-results-title" className="mt-6">
      <Link to="/admin/communications" className="mb-3 inline-block text-sm text-amber underline-offset-4 hover:underline">
        ← Back to communications
      </Link>
      <h1 id="campaign-results-title" className="text-4xl text-ivory">
        Results of {campaign.subject}
      </h1>
      <p className="mt-2 text-sand">
        {campaign.label} · {campaign.createdAt} · {loaderData.total} {loaderData.total === 1 ? "recipient" : "recipients"}
      </p>
      <SearchAndExport
        id="results-search"
        label={isText ? "Name or number" : "Name or e-mail"}
        searchLabel="Search the recipients"
        search={search}
        clearHref={`/admin/communications/campaigns/${campaign.id}`}
        csvHref={csvHref}
      />
      {search ? (
        <p className="mt-4 text-sand" role="status">
          {loaderData.matching} of {loaderData.total} match “{search}”.
        </p>
      ) : null}
      {recipients.length === 0 ? (
        <p className="mt-6 text-sand">{search ? "Nobody matches." : "This campaign has no recipients."}</p>
      ) : (
        <StackedTable
          caption={`Recipients of ${campaign.subject}`}
          rows={recipients}
          rowKey={(row) => row.id}
          columns={[
            {
              header: "Recipient",
              cell: (row) => (
                <>
                  <span className="block text-ivory">{row.name ?? "—"}</span>
                  <span className="block">{row.address}</span>
                </>
              ),
            },
            { header: "Result", cell: (row) => <span data-testid="recipient-result">{row.result}</span> },
            { header: "Reason", cell: (row) => row.reason ?? "" },
            { header: "Sent", cell: (row) => row.sentAt || "—" },
            ...(isText
              ? []
              : [
                  { header: "Clicked", cell: (row: (typeof recipients)[number]) => row.clickedAt || "—" },
                  { header: "Listened", cell: (row: (typeof recipients)[number]) => (row.plays ? `${row.plays} ${row.plays === 1 ? "play" : "plays"}` : "—") },
                ]),
          ]}
        />
      )}
      {loaderData.matching > recipients.length ? (
        <p className="mt-4 text-sm text-mist">The first {recipients.length} are shown; the CSV has all {loaderData.matching}.</p>
      ) : null}
    </section>
  );
}
