import { data, Form, useSearchParams } from "react-router";
import { FilterSelect } from "#app/components/admin/filter-select";
import type { Route } from "./+types/activity";
import { Pager } from "#app/components/admin/pager";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";
import { pageNumber } from "#app/lib/list-page";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { activityKindLabel, activityKinds, isActivityKind } from "#app/modules/activity";
import { readActivityLog } from "#app/modules/activity/index.server";
import { refusalStatus } from "#app/lib/outcome";
import { describeChanges } from "#app/modules/activity";
import { formatVenueDateTime } from "#app/lib/event-dates";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Activity", description: "Staff activity log", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "view-activity", context);
  const query = new URL(request.url).searchParams;
  const kind = query.get("kind") ?? "";
  const page = await readActivityLog(context.db, user, {
    actorEmail: searchParam(query, "person") || undefined,
    kind: isActivityKind(kind) ? kind : undefined,
    page: pageNumber(query.get("page")),
  });
  if (!page.ok) throw data({ message: page.message }, { status: refusalStatus(page.reason) });
  return {
    ...page,
    entries: page.entries.map((entry) => ({
      id: entry.id,
      actorEmail: entry.actorEmail,
      kind: activityKindLabel(entry.kind),
      subject: entry.subjectLabel ?? entry.subjectId ?? entry.subjectType,
      subjectType: entry.subjectType,
      changes: describeChanges(entry.before, entry.after, siteConfig.venue.timeZone),
      when: formatVenueDateTime(entry.createdAt, siteConfig.venue.timeZone),
      at: entry.createdAt.toISOString(),
    })),
  };
}

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  return (
    <section aria-labelledby="activity-title" className="mt-6">
      <h1 id="activity-title" className="text-4xl text-ivory">
        Activity
      </h1>
      <p className="mt-2 text-sand">Every change made in the staff area, newest first ({loaderData.total}).</p>
      <Form method="get" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Filter the activity log">
        <FilterSelect
          id="activity-person"
          name="person"
          label="Person"
          anyLabel="Everyone"
          defaultValue={search.get("person") ?? ""}
          options={loaderData.actors.map((email) => [email, email] as const)}
        />
        <FilterSelect
          id="activity-kind"
          name="kind"
          label="Kind"
          anyLabel="Every kind"
          defaultValue={search.get("kind") ?? ""}
          options={Object.entries(activityKinds)}
        />
        <button type="submit" className="button-secondary">
          Filter
        </button>
      </Form>
      {loaderData.entries.length === 0 ? (
        <p className="mt-8 text-sand">Nothing has been recorded yet.</p>
      ) : (
        <ol className="mt-6 divide-y divide-sand/10 rounded-2xl border border-sand/15" aria-label="Activity entries">
          {loaderData.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 p-4 sm:grid-cols-[12rem_1fr]">
              <time dateTime={entry.at} className="text-sm text-mist">
                {entry.when}
              </time>
              {/* min-w-0 and anywhere: a long address or title in a change wraps instead of widening a phone's page. */}
              <div className="min-w-0 [overflow-wrap:anywhere]">
                <p className="text-ivory">
                  <span className="font-semibold">{entry.kind}</span>: {entry.subject}
                </p>
                <p className="text-sm text-sand">by {entry.actorEmail}</p>
                {entry.changes.length ? (
                  <ul className="mt-1 text-sm text-sand">
                    {entry.changes.map((change) => (
                      <li key={change}>{change}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager page={loaderData.page} pageCount={loaderData.pageCount} label="Activity pages" />
    </section>
  );
}
