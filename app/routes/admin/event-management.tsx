import { useCallback } from "react";
import { FilterSelect } from "#app/components/admin/filter-select";
import { data, Form, Link, useFetcher, useNavigate, useSearchParams } from "react-router";
import type { Route } from "./+types/event-management";
import { EVENT_EDITOR_FETCHER, EventEditor, emptyEventValues, reservationsEventValues, type EventEditorValues } from "#app/components/admin/event-editor";
import { EventStatsGrid } from "#app/components/admin/event-stats-grid";
import { DuplicateEventPanel, EVENT_DUPLICATE_FETCHER, type DuplicateEventValues } from "#app/components/admin/duplicate-event-panel";
import { DeleteForGoodPanel, EVENT_ROW_FETCHER, ManagedEventsTable, type ManagedEventView } from "#app/components/admin/managed-events-table";
import { useOutcomeToast, type StaffOutcome } from "#app/components/admin/staff-outcome";
import { requireStaffPage } from "#app/routes/guards.server";
import { logFailure } from "#app/lib/log.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { chosenReservations, suggestedDuplicateDate } from "#app/modules/events";
import { eventFailures } from "#app/modules/events";
import { loadEventManagement } from "#app/modules/events/index.server";
import { editorValues, filterOf, runEventIntent, toView } from "./event-management-intents.server";
import { refusalStatus } from "#app/lib/outcome";
import { orElse } from "#app/lib/or-else";

const PAGE = "/admin/eventmanagement";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Event management", description: "Staff event management", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, "manage-events", context);
  const query = new URL(request.url).searchParams;
  try {
    const page = await loadEventManagement(context.db, user, filterOf(query));
    if (!page.ok) throw data({ message: page.message }, { status: 403 });
    const editing = page.all.find((event) => event.id === query.get("edit"));
    const confirming = page.all.find((event) => event.id === query.get("confirmDelete") && event.status !== "published");
    const duplicating = page.all.find((event) => event.id === query.get("duplicate"));
    return {
      loadFailed: false as const,
      events: page.events.map(toView),
      stats: page.stats,
      locations: page.locations,
      editing: editing ? editorValues(editing) : null,
      confirming: confirming ? toView(confirming) : null,
      duplicating: duplicating
        ? { original: toView(duplicating), values: { id: duplicating.id, title: duplicating.title, ...suggestedDuplicateDate(duplicating.startsAt, context.now(), siteConfig.venue.timeZone) } }
        : null,
      creating: query.get("new") === "1",
      // Opened from the reservations page: an event taking reservations, 50 seats (the spec's default).
      withReservations: query.get("reservations") === "1",
      timeZone: siteConfig.venue.timeZone,
    };
  } catch (error) {
    if (error instanceof Response || (typeof error === "object" && error !== null && "init" in error)) throw error;
    logFailure("events", "loading the event management page", error);
    return { loadFailed: true as const, timeZone: siteConfig.venue.timeZone };
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "manage-events", context);
  // A broken multipart body (a cut-off upload) reads as an empty form: 'Unknown action', not a 500.
  const form = Object.fromEntries(await request.formData().catch(orElse(new FormData(), "a body that is no form is checked as an empty one, which the schema refuses")));
  const intent = String(form.intent ?? "");
  const id = typeof form.id === "string" ? form.id : "";
  const outcome = await runEventIntent(context.db, user, form, context.env.UPLOADS_DIR);
  if (!outcome) return data<StaffOutcome>({ ok: false, intent, message: "Unknown action" }, { status: 400 });

  if (outcome.ok) return data<StaffOutcome>({ ok: true, intent, message: outcome.message });
  return data<StaffOutcome>(
    { ok: false, intent, message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values ? { ...outcome.values, ...(id ? { id } : {}) } : undefined },
    { status: refusalStatus(outcome.reason) },
  );
}

export default function EventManagementPage({ loaderData, actionData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const rowFetcher = useFetcher<StaffOutcome>({ key: EVENT_ROW_FETCHER });
  useOutcomeToast(rowFetcher.data);
  // The editor closes as its save succeeds; its toast comes from here, which stays.
  const editorFetcher = useFetcher<StaffOutcome>({ key: EVENT_EDITOR_FETCHER });
  useOutcomeToast(editorFetcher.data);
  const duplicateFetcher = useFetcher<StaffOutcome>({ key: EVENT_DUPLICATE_FETCHER });
  useOutcomeToast(duplicateFetcher.data);
  useOutcomeToast(loaderData.loadFailed ? { ok: false, message: eventFailures.load } : null);

  const filters = new URLSearchParams();
  if (search.get("show")) filters.set("show", search.get("show")!);
  const listHref = filters.size ? `${PAGE}?${filters}` : PAGE;
  const withParam = (name: string, value: string) => {
    const query = new URLSearchParams(filters);
    query.set(name, value);
    return `${PAGE}?${query}`;
  };
  const onSaved = useCallback(() => navigate(listHref, { preventScrollReset: true }), [navigate, listHref]);

  if (loaderData.loadFailed) {
    return (
      <section className="mt-6">
        <h1 className="text-4xl text-ivory">Event management</h1>
        <p role="alert" className="mt-6 rounded-2xl border border-danger/50 bg-danger/10 p-4 text-danger">
          {eventFailures.load}
        </p>
      </section>
    );
  }

  // Without JavaScript the form posts here and the page answers with what the action said.
  const failedForm = actionData && !actionData.ok && (actionData.intent === "create" || actionData.intent === "update") ? actionData : null;
  // A duplicate refused without JavaScript shows its form again, with what was typed (its original
  // is in the list: the form posted to the list it was opened from).
  const failedDuplicate = actionData && !actionData.ok && actionData.intent === "duplicate" ? actionData : null;
  const failedOriginal = failedDuplicate ? loaderData.events.find((event) => event.id === failedDuplicate.values?.id) : undefined;
  const duplicateShown: { original: ManagedEventView; values: DuplicateEventValues } | null =
    failedDuplicate && failedOriginal
      ? { original: failedOriginal, values: { id: failedOriginal.id, title: failedDuplicate.values?.title ?? "", date: failedDuplicate.values?.date ?? "", time: failedDuplicate.values?.time ?? "" } }
      : loaderData.duplicating;
  const editorMode = failedForm ? (failedForm.intent as "create" | "update") : loaderData.editing ? "update" : loaderData.creating ? "create" : null;
  const editorValuesShown: EventEditorValues | null = failedForm
    ? {
        ...emptyEventValues,
        ...failedForm.values,
        soldOut: failedForm.values?.soldOut === "on",
        // As the server read the choice with the seats (a typed number with the box unticked means it).
        reservations: chosenReservations(failedForm.values ?? {}),
      }
    : (loaderData.editing ?? (loaderData.creating ? (loaderData.withReservations ? reservationsEventValues : emptyEventValues) : null));

  return (
    <section aria-labelledby="events-title" className="mt-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 id="events-title" className="text-4xl text-ivory">
            Event management
          </h1>
          <p className="mt-2 max-w-3xl text-sand">
            Events in the order the site shows them: featured upcoming events first, then by date; past events last, newest first. A new event is a
            draft until you publish it. Times are the venue&apos;s ({loaderData.timeZone}).
          </p>
        </div>
        <Link to={withParam("new", "1")} className="button-primary" preventScrollReset>
          New event
        </Link>
      </div>

      {actionData ? (
        <p role={actionData.ok ? "status" : "alert"} className={`mt-4 rounded-2xl border p-3 ${actionData.ok ? "border-sage/50 text-ivory" : "border-danger/50 text-danger"}`}>
          {actionData.message}
        </p>
      ) : null}

      <EventStatsGrid stats={loaderData.stats} />

      {editorMode && editorValuesShown ? (
        <EventEditor
          key={`${editorMode}-${editorValuesShown.id ?? "new"}`}
          mode={editorMode}
          values={editorValuesShown}
          errors={failedForm?.fieldErrors ?? {}}
          locations={loaderData.locations}
          action={listHref}
          cancelHref={listHref}
          timeZoneLabel={loaderData.timeZone}
          onSaved={onSaved}
        />
      ) : null}

      {duplicateShown ? (
        <DuplicateEventPanel
          key={`duplicate-${duplicateShown.values.id}`}
          original={duplicateShown.original}
          values={duplicateShown.values}
          errors={failedDuplicate?.fieldErrors ?? {}}
          action={listHref}
          cancelHref={listHref}
          timeZoneLabel={loaderData.timeZone}
          onSaved={onSaved}
        />
      ) : null}

      {loaderData.confirming ? <DeleteForGoodPanel event={loaderData.confirming} action={listHref} cancelHref={listHref} /> : null}

      <Form method="get" className="mt-8 flex flex-wrap items-end gap-3" aria-label="Filter events">
        <FilterSelect
          id="filter-show"
          name="show"
          label="Show"
          anyLabel="Drafts and published"
          defaultValue={search.get("show") ?? ""}
          options={[
            ["draft", "Drafts"],
            ["published", "Published"],
            ["archived", "Archived"],
            ["all", "All events"],
          ]}
        />
        <button type="submit" className="button-secondary">
          Filter
        </button>
      </Form>

      {loaderData.events.length === 0 ? (
        <p className="mt-8 text-sand">No events match.</p>
      ) : (
        <ManagedEventsTable
          events={loaderData.events}
          action={listHref}
          editHref={(id) => withParam("edit", id)}
          duplicateHref={(id) => withParam("duplicate", id)}
          confirmHref={(id) => withParam("confirmDelete", id)}
        />
      )}
    </section>
  );
}
