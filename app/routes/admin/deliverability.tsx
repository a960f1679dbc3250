import { useRef } from "react";
import { data, Form, Link } from "react-router";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import type { Route } from "./+types/deliverability";
import { StackedTable } from "#app/components/admin/dashboard/stacked-table";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { logFailure } from "#app/lib/log.server";
import { refusalStatus } from "#app/lib/outcome";
import { bounceDetection, bounceSettingsToSet, removeSuppression, suppressionList } from "#app/modules/deliverability/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { SearchAndExport } from "#app/components/admin/search-and-export";
import { requireStaffPage, searchParam } from "#app/routes/guards.server";
import { orElse } from "#app/lib/or-else";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Deliverability", description: "Bounced and complaining addresses", noIndex: true });

/** GET /admin/communications/deliverability — the suppression list: who no bulk mail goes to, and why (admins). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "manage-suppressions", context);
  const search = searchParam(new URL(request.url).searchParams, "q");
  const list = await suppressionList(context.db, user, search);
  if (!list.ok) throw data({ message: list.message }, { status: refusalStatus(list.reason) });
  const { rows, unmatched } = list;
  const timeZone = siteConfig.venue.timeZone;
  return {
    search,
    // Whether anything hears bounces at all: an empty list means nothing without it.
    bounces: { configured: bounceDetection(context.env).configured, settings: bounceSettingsToSet },
    rows: rows.map((row) => ({ ...row, createdAt: formatVenueDateTime(row.createdAt, timeZone) })),
    unmatched: { ...unmatched, rows: unmatched.rows.map((row) => ({ ...row, receivedAt: formatVenueDateTime(row.receivedAt, timeZone) })) },
  };
}

/** What the page's action answers (a reason refused names its field). */
type RemovalAnswer = { ok: true; message: string; email: string } | { ok: false; message: string; email: string; fieldErrors?: Partial<Record<"email" | "reason", string>> };

/** POST: Remove from suppression (an address and the reason), a plain form that works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "manage-suppressions", context);
  const form = await request.formData().catch(orElse(undefined, "a body that is no form is answered as bad input below"));
  try {
    const outcome = await removeSuppression(context.db, user, { email: form?.get("email"), reason: form?.get("reason") });
    if (outcome.ok) return { ok: true as const, message: outcome.message, email: "" };
    const status = refusalStatus(outcome.reason);
    return data({ ok: false as const, message: outcome.message, email: String(form?.get("email") ?? ""), fieldErrors: outcome.fieldErrors }, { status });
  } catch (error) {
    logFailure("deliverability", "removing an address from suppression", error);
    return data({ ok: false as const, message: "The list could not be changed just now. Please try again.", email: String(form?.get("email") ?? "") }, { status: 503 });
  }
}

export default function DeliverabilityPage({ loaderData, actionData: answered }: Route.ComponentProps) {
  const actionData = answered as RemovalAnswer | undefined;
  const { bounces, rows, search, unmatched } = loaderData;
  const csvHref = `/admin/communications/deliverability.csv${search ? `?q=${encodeURIComponent(search)}` : ""}`;
  return (
    <section aria-labelledby="deliverability-title" className="mt-6">
      <Link to="/admin/communications" className="mb-3 inline-block text-sm text-amber underline-offset-4 hover:underline">
        ← Back to communications
      </Link>
      <h1 id="deliverability-title" className="text-4xl text-ivory">
        Deliverability
      </h1>
      <p className="mt-2 max-w-prose text-sand">
        Addresses that bounced for good, bounced again and again, or marked our e-mail as spam. Campaigns, guest mail, invitations and reminders skip
        them; e-mail a person asks for (a sign-in link, their own confirmation) is still tried.
      </p>
      {bounces.configured ? null : (
        <p data-testid="bounces-not-detected" className="mt-4 max-w-prose rounded-2xl border border-sand/30 bg-sand/10 p-4 text-sand">
          <strong className="text-ivory">Not configured: bounces are not detected.</strong> Nothing hears them, so no address is added here however
          often mail to it fails. To detect them, set {bounces.settings}.
        </p>
      )}
      {/* A reason refused is said in its row's form (decision 055). */}
      {actionData && !(actionData.ok === false && actionData.fieldErrors?.reason) ? (
        <p role="status" data-testid="deliverability-answer" className={`mt-4 ${actionData.ok ? "text-sand" : "text-rose-300"}`}>
          {actionData.message}
        </p>
      ) : null}
      <SearchAndExport
        id="suppression-search"
        label="Address or provider's text"
        searchLabel="Search the suppression list"
        search={search}
        clearHref="/admin/communications/deliverability"
        csvHref={csvHref}
      />
      {rows.length === 0 ? (
        <p className="mt-6 text-sand">
          {search ? "No suppressed address matches." : bounces.configured ? "No address is suppressed." : "No address is suppressed: with nothing hearing bounces, none will be."}
        </p>
      ) : (
        <StackedTable
          caption="Suppressed addresses"
          rows={rows}
          rowKey={(row) => row.email}
          columns={[
            { header: "Address", cell: (row) => <span data-testid="suppressed-address">{row.email}</span> },
            { header: "Reason", cell: (row) => <span data-testid="suppression-reason">{row.reasonWords}</span> },
            { header: "Provider's text", cell: (row) => row.detail || "—" },
            { header: "When", cell: (row) => row.createdAt },
            { header: "Campaign", cell: (row) => row.campaignTag ?? "—" },
            {
              header: "Remove",
              cell: (row) => (
                <RemoveSuppressionForm email={row.email} refused={actionData?.ok === false && actionData.email === row.email ? actionData.fieldErrors : undefined} />
              ),
            },
          ]}
        />
      )}
      <section aria-labelledby="unmatched-title" className="mt-10">
        <h2 id="unmatched-title" className="text-2xl text-ivory">
          Reports we did not act on
        </h2>
        <p className="mt-2 max-w-prose text-sand" data-testid="unmatched-count">
          {unmatched.recentCount === 0
            ? `None in the last ${unmatched.recentDays} days.`
            : `${unmatched.recentCount} in the last ${unmatched.recentDays} days.`}{" "}
          A bounce or complaint changes nothing unless it is about a message we sent, and then only for that message&apos;s recipient. Many here can
          mean someone is trying to unsubscribe people, or that the bounce address gets other mail.
        </p>
        {unmatched.rows.length > 0 ? (
          <StackedTable
            caption={`The latest ${unmatched.rows.length} reports not acted on`}
            rows={unmatched.rows}
            rowKey={(row) => String(row.id)}
            columns={[
              { header: "When", cell: (row) => row.receivedAt },
              { header: "Why not", cell: (row) => <span data-testid="unmatched-reason">{row.reasonWords}</span> },
              { header: "Claimed", cell: (row) => (row.kind === "complaint" ? "Complaint" : row.kind === "hard" ? "Hard bounce" : row.kind === "soft" ? "Soft bounce" : "—") },
              { header: "Sender", cell: (row) => <span data-testid="unmatched-sender">{row.sender ?? (row.source === "mailbox" ? "—" : `${row.source} webhook`)}</span> },
              { header: "Address it named", cell: (row) => row.namedRecipient ?? "—" },
              { header: "Size", cell: (row) => (row.sizeBytes ? `${Math.round(row.sizeBytes / 1024)} KB` : "—") },
            ]}
          />
        ) : null}
      </section>
    </section>
  );
}

/** 'Remove from suppression' for one address: a reason refused shows in the form's error summary, with focus on the field (decision 055). */
function RemoveSuppressionForm({ email, refused }: { email: string; refused?: Partial<Record<"email" | "reason", string>> }) {
  const formRef = useRef<HTMLFormElement>(null);
  const errors = refused?.reason ? { reason: refused.reason } : undefined;
  const attempt = useErrorFocus(errors ? refused : undefined, errors, formRef);
  const reasonId = `reason-${email}`;
  const action = useErrorSummaryAction(`${reasonId}-errors`);
  return (
    <Form ref={formRef} method="post" action={action} className="flex flex-wrap items-end gap-2">
      <ErrorSummary key={attempt} id={`${reasonId}-errors`} headingLevel={3} errors={errors} fieldId={() => reasonId} className="basis-full" />
      <input type="hidden" name="email" value={email} />
      <div>
        <label htmlFor={reasonId} className="block text-sm text-sand">
          Why it may be mailed again
        </label>
        <input
          id={reasonId}
          name="reason"
          required
          minLength={3}
          maxLength={500}
          aria-invalid={errors ? true : undefined}
          aria-describedby={errors ? `${reasonId}-errors` : undefined}
          className="input-field mt-1.5"
        />
      </div>
      <button type="submit" className="button-secondary">
        Remove from suppression
      </button>
    </Form>
  );
}
