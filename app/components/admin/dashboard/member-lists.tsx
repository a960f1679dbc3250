import { Form, Link } from "react-router";
import { Pager } from "#app/components/admin/pager";
import type { Settled } from "#app/lib/settle.server";
import type { DashboardListPage } from "#app/modules/dashboard/index.server";
import { dashboardList, dashboardLists, type DashboardListKey } from "#app/modules/dashboard";
import { plural, staffDateTime } from "./format";
import { DeleteOutcome, DeleteRowButton } from "./delete-row-button";
import { PanelUnavailable } from "./panel";
import { StackedTable } from "./stacked-table";
import { InvitationActions } from "./invitation-actions";
import { InvitationStatusBadge } from "./status-badge";

const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || "—";

/**
 * The dashboard's lists, one at a time behind tabs (`?list=`), each searchable (`?q=`), paged
 * (`?page=`) and exportable as CSV: every state is a link that can be shared or bookmarked.
 */
export function MemberLists(props: { listKey: DashboardListKey; search: string; list: Settled<DashboardListPage>; timeZone: string }) {
  const current = dashboardList(props.listKey);
  const when = (value: Date | string | null | undefined) => staffDateTime(value, props.timeZone);
  return (
    <section aria-labelledby="lists-title" className="rounded-2xl border border-sand/15 bg-umber/60 p-4 sm:p-6">
      {/* Outside the table, which is gone once its last row is deleted: the outcomes still show. */}
      <DeleteOutcome intent="delete-community-member" focusAfterDelete="current-list-title" />
      <DeleteOutcome intent="delete-signup" focusAfterDelete="current-list-title" />
      <h2 id="lists-title" className="text-2xl text-ivory">
        People
      </h2>
      <nav aria-label="Lists" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {dashboardLists.map((list) => (
            <li key={list.key}>
              <Link
                to={`?list=${list.key}#lists-title`}
                aria-current={list.key === props.listKey ? "page" : undefined}
                preventScrollReset
                className={`inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-amber ${
                  list.key === props.listKey ? "border-amber bg-amber text-night" : "border-sand/30 text-sand hover:border-amber hover:text-ivory"
                }`}
              >
                {list.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 className="text-xl text-ivory focus:outline-none" id="current-list-title" tabIndex={-1}>
            {current.label}
          </h3>
          {props.list.ok ? (
            <p className="text-sm text-sand" aria-live="polite">
              {props.search ? `${plural(props.list.data.total, "match", "matches")} for “${props.search}”` : plural(props.list.data.total, "entry", "entries")}, newest first
            </p>
          ) : null}
        </div>
        <a href={`/admin/export/${props.listKey}`} download className="button-secondary">
          Export {current.label} as CSV
        </a>
      </div>

      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3" role="search" aria-label={`Search ${current.label}`} preventScrollReset>
        <input type="hidden" name="list" value={props.listKey} />
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="list-search" className="block text-sm text-sand">
            Search by {current.searchBy}
          </label>
          <input id="list-search" name="q" type="search" defaultValue={props.search} key={`${props.listKey}:${props.search}`} className="input-field mt-1.5" />
        </div>
        <button type="submit" className="button-secondary">
          Search
        </button>
        {props.search ? (
          <Link to={`?list=${props.listKey}`} className="inline-flex min-h-11 items-center text-amber underline underline-offset-4" preventScrollReset>
            Clear search
          </Link>
        ) : null}
      </Form>

      {!props.list.ok ? (
        <div className="mt-4">
          <PanelUnavailable what={current.label} />
        </div>
      ) : props.list.data.rows.length === 0 ? (
        <p className="mt-6 text-sand">{props.search ? "Nobody matches this search." : "Nobody here yet."}</p>
      ) : (
        <>
          <ListTable page={props.list.data} when={when} />
          <Pager page={props.list.data.page} pageCount={props.list.data.pageCount} label={`${current.label} pages`} />
        </>
      )}
    </section>
  );
}

function ListTable({ page, when }: { page: DashboardListPage; when: (value: Date | string | null | undefined) => string }) {
  switch (page.key) {
    case "community":
      return (
        <StackedTable
          caption="Community sign-ups"
          rows={page.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: "Name", cell: (row) => <span className="text-ivory">{row.name}</span> },
            {
              header: "E-mail",
              cell: (row) => (
                <>
                  {row.email}
                  {row.suppressed ? (
                    <span className="ml-2 rounded-full border border-rose-300/60 px-2 text-xs text-rose-200" data-testid="suppressed-mark">
                      Suppressed: {row.suppressed}
                    </span>
                  ) : null}
                </>
              ),
            },
            { header: "Phone", cell: (row) => row.phone || "—" },
            { header: "Interest", cell: (row) => row.interestLabel },
            { header: "Consent", cell: (row) => when(row.consentAcceptedAt) },
            { header: "Joined", cell: (row) => when(row.createdAt) },
            { header: "Last click", cell: (row) => (row.lastClickAt ? when(row.lastClickAt) : "—") },
            { header: "Plays", cell: (row) => row.plays ?? "—" },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (row) => (
                <DeleteRowButton
                  intent="delete-community-member"
                  id={row.id}
                  label={`Delete ${row.email}`}
                  title="Delete this community member?"
                  description={`${row.name} (${row.email}) will be removed from the community list. This cannot be undone.`}
                />
              ),
            },
          ]}
        />
      );
    case "signups":
      return (
        <StackedTable
          caption="Initial sign-ups"
          rows={page.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: "Name", cell: (row) => <span className="text-ivory">{nameOf(row.firstName, row.lastName)}</span> },
            { header: "E-mail", cell: (row) => row.email },
            { header: "Phone", cell: (row) => row.phone || "—" },
            { header: "City", cell: (row) => [row.city, row.state].filter(Boolean).join(", ") || "—" },
            { header: "Interests", cell: (row) => row.interests.join(", ") || "—" },
            { header: "Signed up", cell: (row) => when(row.createdAt) },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (row) => (
                <DeleteRowButton
                  intent="delete-signup"
                  id={row.id}
                  label={`Delete ${row.email}`}
                  title="Delete this signup?"
                  description={`The membership form of ${row.email} will be removed from the member directory. This cannot be undone.`}
                />
              ),
            },
          ]}
        />
      );
    case "waitlist":
      return (
        <StackedTable
          caption="Waitlist"
          rows={page.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: "E-mail", cell: (row) => <span className="text-ivory">{row.email}</span> },
            { header: "From", cell: (row) => row.source || "—" },
            { header: "Plan", cell: (row) => row.plan || "—" },
            { header: "Joined", cell: (row) => when(row.createdAt) },
          ]}
        />
      );
    case "newsletter":
      return (
        <StackedTable
          caption="Newsletter sign-ups"
          rows={page.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: "E-mail", cell: (row) => <span className="text-ivory">{row.email}</span> },
            { header: "Subscribed", cell: (row) => when(row.createdAt) },
          ]}
        />
      );
    case "invitations":
      return (
        <StackedTable
          caption="Invitation status"
          rows={page.rows}
          rowKey={(row) => row.id}
          columns={[
            { header: "E-mail", cell: (row) => <span className="text-ivory">{row.email}</span> },
            { header: "Name", cell: (row) => nameOf(row.firstName, row.lastName) },
            { header: "Status", cell: (row) => <InvitationStatusBadge status={row.status} /> },
            { header: "Sent", cell: (row) => when(row.sentAt) },
            { header: "Accepted", cell: (row) => when(row.acceptedAt) },
            { header: "Phone", cell: (row) => row.phone || "—" },
            { header: "Interests", cell: (row) => <span title={row.interests.join(", ") || undefined}>{row.interestsShown}</span> },
            { header: "Actions", cell: (row) => <InvitationActions id={row.id} email={row.email} status={row.status} /> },
          ]}
        />
      );
  }
}
