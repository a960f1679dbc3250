import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { attendeeFileSchema } from "#app/modules/invitations";
import type { AttendeeImportActionData, AttendeeImportPreview, PreviewPerson } from "#app/modules/invitations";
import type { DroppedRow } from "#app/modules/invitations";
import type { InvitationWording } from "#app/modules/invitations";
import { InvitationWordingFields, WORDING_SUMMARY } from "./invitation-wording-fields";

export const ATTENDEE_IMPORT_ACTION = "/admin/communications/import";

/** What the import route answers: a preview to confirm, the confirmation's counts, or what went wrong. */
const statusWords = { pending: "pending", expired: "expired", revoked: "revoked", accepted: "accepted" } as const;
const nameFlagWords = { link: "the name looks like a link", formula: "the name looks like a spreadsheet formula" } as const;

/**
 * Import past attendees (issue 13, item 7): upload a ticketing export, see what it would do, then
 * confirm. The file is read on the server; here it is only checked for size before it is sent,
 * with the same schema the server uses. A refused file or wording shows in its form's error summary,
 * with focus on the field (decision 055).
 */
export function AttendeeImport({ fallback }: { fallback?: AttendeeImportActionData }) {
  const fetcher = useFetcher<AttendeeImportActionData>({ key: "attendee-import" });
  const answer = fetcher.data ?? fallback;
  useOutcomeToast(fetcher.data);
  const [fileRefusal, setFileRefusal] = useState<{ file: string } | undefined>();
  const fileForm = useRef<HTMLFormElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLParagraphElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = fetcher.state !== "idle";
  const preview = answer && "preview" in answer ? answer.preview : undefined;
  const wordingAnswer = answer && !answer.ok && "values" in answer ? answer : undefined;
  const confirmed = answer?.ok && answer.intent === "confirm" ? answer : undefined;
  const serverFileError = answer && !answer.ok && !wordingAnswer ? (answer.fieldErrors?.file ?? (answer.intent === "preview" ? answer.message : undefined)) : undefined;
  const error = fileRefusal?.file ?? serverFileError;
  const fileErrors = error ? { file: error } : undefined;
  const attempt = useErrorFocus(fileRefusal ?? (!busy && fetcher.data && !fetcher.data.ok && fetcher.data.intent === "preview" ? fetcher.data : undefined), fileErrors, fileForm);
  const fileAction = useErrorSummaryAction("attendee-file-errors", ATTENDEE_IMPORT_ACTION);

  useEffect(() => {
    if (fetcher.data?.ok && fetcher.data.intent === "preview") previewHeading.current?.focus();
    if (fetcher.data?.ok && fetcher.data.intent === "confirm") {
      resultRef.current?.focus();
      if (fileInput.current) fileInput.current.value = "";
    }
  }, [fetcher.data]);

  function checkFile(event: React.FormEvent<HTMLFormElement>) {
    const file = fileInput.current?.files?.[0];
    const checked = attendeeFileSchema.safeParse({ name: file?.name ?? "", size: file?.size ?? 0 });
    if (checked.success) return setFileRefusal(undefined);
    event.preventDefault();
    setFileRefusal({ file: checked.error.issues[0]?.message ?? "" });
  }

  return (
    <section aria-labelledby="attendee-import-title" className="rounded-2xl border border-sand/15 bg-umber/60 p-4 sm:p-6">
      <h2 id="attendee-import-title" className="text-2xl text-ivory">
        Invite past attendees
      </h2>
      <p className="mt-2 text-sand">
        Upload a CSV export of a ticketing list (up to 5 MB). Each new person gets one invitation with a gift of 4 unreleased
        tracks, valid 30 days. You see what the file would do before anything is written or sent; members, unsubscribed and
        already invited people are skipped.
      </p>
      <fetcher.Form ref={fileForm} method="post" action={fileAction} encType="multipart/form-data" onSubmit={checkFile} noValidate className="mt-4 space-y-4">
        <ErrorSummary key={attempt} id="attendee-file-errors" headingLevel={3} errors={fileErrors} fieldId={() => "attendee-file"} />
        <input type="hidden" name="intent" value="preview" />
        <div>
          <label htmlFor="attendee-file" className="block text-sm text-sand">
            Attendee CSV file
          </label>
          <input
            ref={fileInput}
            id="attendee-file"
            name="file"
            type="file"
            accept=".csv,text/csv"
            onChange={() => setFileRefusal(undefined)}
            className="input-field mt-1.5"
            aria-invalid={error ? true : undefined}
            aria-describedby={`attendee-file-help${error ? " attendee-file-error" : ""}`}
          />
          <p id="attendee-file-help" className="mt-1.5 text-sm text-sand">
            Columns are found by their headers: email (required), first, last, city, state, event name, event start date.
          </p>
          {error ? (
            <p id="attendee-file-error" className="mt-1.5 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button-secondary" disabled={busy}>
          {busy && fetcher.formData?.get("intent") === "preview" ? "Reading the file…" : "Preview import"}
        </button>
      </fetcher.Form>

      {preview ? (
        <ImportPreview
          key={preview.importId}
          preview={preview}
          headingRef={previewHeading}
          busy={busy}
          fetcher={fetcher}
          wordingErrors={wordingAnswer?.fieldErrors ?? {}}
          wordingValues={wordingAnswer?.values}
          notice={answer && answer.intent === "wording" ? answer.message : undefined}
        />
      ) : null}
      {confirmed ? (
        <p ref={resultRef} tabIndex={-1} role="status" className="mt-6 rounded-xl border border-sage/60 p-4 text-ivory focus:outline-none">
          {confirmed.message}
        </p>
      ) : null}
      {answer && !answer.ok && !wordingAnswer && answer.intent !== "preview" ? (
        <p role="alert" className="mt-6 rounded-xl border border-danger/60 bg-danger/15 p-4 text-danger">
          {answer.message}
        </p>
      ) : null}
    </section>
  );
}

function ImportPreview({ preview, headingRef, busy, fetcher, wordingErrors, wordingValues, notice }: {
  preview: AttendeeImportPreview;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<AttendeeImportActionData>>;
  wordingErrors: Record<string, string>;
  wordingValues?: InvitationWording;
  notice?: string;
}) {
  const groups: { key: keyof AttendeeImportPreview["counts"]; label: string; people?: PreviewPerson[]; rows?: DroppedRow[] }[] = [
    { key: "new", label: "New invitees", people: preview.lists.new },
    { key: "merged", label: "Rows merged (one person on several rows)", people: preview.lists.merged },
    { key: "members", label: "Already members (skipped)", people: preview.lists.members },
    { key: "unsubscribed", label: "Unsubscribed (skipped)", people: preview.lists.unsubscribed },
    { key: "invited", label: "Already invited (skipped)", people: preview.lists.invited },
    { key: "invalid", label: "Invalid rows (dropped)", rows: preview.lists.invalid },
  ];
  const confirmForm = useRef<HTMLFormElement>(null);
  const confirmAction = useErrorSummaryAction(WORDING_SUMMARY, ATTENDEE_IMPORT_ACTION);
  return (
    <div className="mt-6 space-y-4">
      <h3 ref={headingRef} tabIndex={-1} className="text-xl text-ivory focus:outline-none">
        Preview of {preview.fileName}
      </h3>
      <p className="text-sand">
        {preview.rowCount} {preview.rowCount === 1 ? "row" : "rows"}, {preview.people} {preview.people === 1 ? "person" : "people"}. Nothing has been written or sent yet.
      </p>
      {preview.flaggedNames ? (
        <p data-testid="import-flagged-names" className="rounded-xl border border-amber/50 bg-amber/10 p-3 text-sm text-ivory">
          {preview.flaggedNames === 1 ? "1 name looks" : `${preview.flaggedNames} names look`} like a link or a spreadsheet formula (marked below): the
          invitation greets {preview.flaggedNames === 1 ? "that person" : "those people"} as ‘friend’ and never shows the name.
        </p>
      ) : null}
      <dl className="grid gap-3 sm:grid-cols-3" aria-label="Import preview counts">
        {groups.map((group) => (
          <div key={group.key} className="rounded-xl border border-sand/15 p-3">
            <dt className="text-sm text-sand">{group.label}</dt>
            <dd className="text-2xl text-ivory" data-testid={`import-count-${group.key}`}>
              {preview.counts[group.key]}
            </dd>
          </div>
        ))}
      </dl>
      {groups
        .filter((group) => preview.counts[group.key] > 0)
        .map((group) => (
          <details key={group.key} className="rounded-xl border border-sand/15 p-3">
            <summary className="min-h-11 cursor-pointer py-2 text-ivory">
              {group.label}: {preview.counts[group.key]}
              {preview.counts[group.key] > (group.people ?? group.rows ?? []).length ? ` (first ${(group.people ?? group.rows ?? []).length} shown)` : ""}
            </summary>
            <ul className="mt-2 space-y-1 text-sm text-sand">
              {group.people?.map((person) => (
                <li key={person.email} className="break-words">
                  <span className="text-ivory">{person.email}</span>
                  {person.fullName ? ` — ${person.fullName}` : ""}
                  {` · ${person.events} past ${person.events === 1 ? "event" : "events"}`}
                  {group.key === "merged" ? ` · rows ${person.rows.join(", ")}` : ""}
                  {person.status ? ` · invitation ${statusWords[person.status]}` : ""}
                  {person.nameFlag ? <strong className="font-semibold text-amber">{` · ${nameFlagWords[person.nameFlag]}: greeted as ‘friend’`}</strong> : null}
                </li>
              ))}
              {group.rows?.map((row) => (
                <li key={row.row} className="break-words">
                  Row {row.row}: {row.reason}
                  {row.text ? ` (“${row.text}”)` : ""}
                </li>
              ))}
            </ul>
          </details>
        ))}
      <fetcher.Form ref={confirmForm} method="post" action={confirmAction} encType="multipart/form-data" noValidate className="space-y-4">
        <input type="hidden" name="importId" value={preview.importId} />
        {preview.invitation ? (
          <InvitationWordingFields
            invitation={preview.invitation}
            errors={wordingErrors}
            values={wordingValues}
            notice={notice}
            busy={busy}
            fetcher={fetcher}
            form={confirmForm}
          />
        ) : null}
        <button type="submit" name="intent" value="confirm" className="button-primary" disabled={busy}>
          {busy && fetcher.formData?.get("intent") === "confirm"
            ? "Creating invitations…"
            : `Confirm: invite ${preview.counts.new} ${preview.counts.new === 1 ? "person" : "people"}`}
        </button>
      </fetcher.Form>
    </div>
  );
}
