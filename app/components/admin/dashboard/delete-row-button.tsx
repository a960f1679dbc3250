import { useEffect } from "react";
import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { useOutcomeToast, type StaffOutcome } from "#app/components/admin/staff-outcome";
import { useHydrated } from "#app/lib/use-hydrated";

const buttonClass =
  "inline-flex min-h-11 items-center rounded-full border border-danger/60 px-4 text-sm font-semibold text-danger hover:bg-danger/10 focus-visible:outline-2 focus-visible:outline-amber disabled:opacity-60";

/** The one fetcher of a list's deletes, shared by its rows' buttons and the list's DeleteOutcome. */
const deleteFetcherKey = (intent: string) => `delete-row:${intent}`;

/**
 * Deletes one row of a list after a confirmation. Without JavaScript it is a plain form post with
 * `intent` and `id` (the page shows the outcome); with it, the AlertDialog asks first and the
 * list's fetcher posts. The deleted row unmounts with its button in the very render that brings the
 * answer, so the outcome is shown by the list's DeleteOutcome, which stays.
 */
export function DeleteRowButton(props: { intent: string; id: string; label: string; title: string; description: string }) {
  const fetcher = useFetcher<StaffOutcome>({ key: deleteFetcherKey(props.intent) });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === props.id;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      {hydrated ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={buttonClass} aria-label={props.label} disabled={busy}>
              {busy ? "Deleting…" : "Delete"}
            </button>
          }
          title={props.title}
          description={props.description}
          confirmLabel="Delete"
          onConfirm={() => fetcher.submit({ intent: props.intent, id: props.id }, { method: "post" })}
        />
      ) : (
        <button type="submit" className={buttonClass} aria-label={props.label}>
          Delete
        </button>
      )}
    </fetcher.Form>
  );
}

/**
 * The outcome of a list's deletes, rendered once beside the list: the toast, and after a delete
 * the keyboard focus on the list's heading (the row and its button are gone), not the page's start.
 */
export function DeleteOutcome(props: { intent: string; focusAfterDelete: string }) {
  const fetcher = useFetcher<StaffOutcome>({ key: deleteFetcherKey(props.intent) });
  useOutcomeToast(fetcher.data);
  useEffect(() => {
    if (fetcher.data?.ok) document.getElementById(props.focusAfterDelete)?.focus();
  }, [fetcher.data, props.focusAfterDelete]);
  return null;
}
