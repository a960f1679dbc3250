import { useEffect, useRef, type RefObject } from "react";
import type { useFetcher } from "react-router";
import { ErrorSummary, useErrorFocus } from "#app/components/ui/form-errors";
import type { AttendeeImportActionData } from "#app/modules/invitations";
import type { ImportInvitationPreview } from "#app/modules/invitations";
import { MAX_INTRO_LENGTH, MAX_SUBJECT_LENGTH, type InvitationWording } from "#app/modules/invitations";

/**
 * The import preview's invitation e-mail: rendered by the server's own renderer for one real
 * invitee of the file (a sandboxed frame: no script, no navigation), and its words to edit. The
 * fields belong to the confirmation's form: 'Update preview' keeps the words and renders them
 * again; 'Confirm' sends in the words last previewed (changed words are shown first, not sent).
 * Refused words show in the section's error summary, with focus on the first (decision 055).
 */
export const WORDING_SUMMARY = "wording-errors";

export function InvitationWordingFields(props: {
  invitation: ImportInvitationPreview;
  errors: Record<string, string>;
  values?: InvitationWording;
  notice?: string;
  busy: boolean;
  fetcher: ReturnType<typeof useFetcher<AttendeeImportActionData>>;
  /** The confirmation's form, which these fields belong to. */
  form: RefObject<HTMLFormElement | null>;
}) {
  const { invitation, errors, fetcher } = props;
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    const data = fetcher.data;
    if (data?.intent === "wording" && data.ok) heading.current?.focus();
  }, [fetcher.data]);
  const refused = fetcher.state === "idle" && fetcher.data?.intent === "wording" && !fetcher.data.ok && "values" in fetcher.data ? fetcher.data : undefined;
  const attempt = useErrorFocus(refused, errors, props.form);

  const describedBy = (name: string) => [`wording-${name}-hint`, errors[name] ? `wording-${name}-error` : ""].filter(Boolean).join(" ");
  return (
    <section aria-labelledby="invitation-preview-title" className="space-y-3 rounded-xl border border-sand/15 p-3 sm:p-4">
      <h4 id="invitation-preview-title" ref={heading} tabIndex={-1} className="text-lg text-ivory focus:outline-none">
        The invitation e-mail
      </h4>
      <ErrorSummary key={attempt} id={WORDING_SUMMARY} headingLevel={5} errors={errors} fieldId={(field) => `wording-${field}`} />
      {/* Refused words are the summary's to say. */}
      {props.notice && !errors.subject && !errors.intro ? (
        <p role="status" className="text-sm text-sand">
          {props.notice}
        </p>
      ) : null}
      <p className="text-sm text-sand">
        As <span className="text-ivory">{invitation.to}</span> will get it. Subject: <span className="text-ivory">{invitation.subject}</span>
      </p>
      <iframe title="Invitation e-mail preview" sandbox="" srcDoc={invitation.html} className="h-[32rem] w-full rounded-xl border border-sand/15 bg-white" />
      <div>
        <label htmlFor="wording-subject" className="block text-sm font-semibold text-sand">
          Subject *
        </label>
        <input
          id="wording-subject"
          name="subject"
          defaultValue={props.values?.subject ?? invitation.wording.subject}
          maxLength={MAX_SUBJECT_LENGTH + 50}
          aria-describedby={describedBy("subject")}
          aria-invalid={errors.subject ? true : undefined}
          className="input-field mt-1.5"
        />
        <p id="wording-subject-hint" className="mt-1 text-xs text-mist">
          At most {MAX_SUBJECT_LENGTH} characters.
        </p>
        {errors.subject ? (
          <p id="wording-subject-error" className="mt-1 text-sm text-danger">
            {errors.subject}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor="wording-intro" className="block text-sm font-semibold text-sand">
          Message *
        </label>
        <textarea
          id="wording-intro"
          name="intro"
          rows={6}
          defaultValue={props.values?.intro ?? invitation.wording.intro}
          aria-describedby={describedBy("intro")}
          aria-invalid={errors.intro ? true : undefined}
          className="input-field mt-1.5"
        />
        <p id="wording-intro-hint" className="mt-1 text-xs text-mist">
          Shown after the greeting and the line naming the event each person came to; a blank line starts a new paragraph. At most {MAX_INTRO_LENGTH}{" "}
          characters. The button, the link, its 30 days and the unsubscribe line are added for you.
        </p>
        {errors.intro ? (
          <p id="wording-intro-error" className="mt-1 text-sm text-danger">
            {errors.intro}
          </p>
        ) : null}
      </div>
      <button type="submit" name="intent" value="wording" className="button-secondary" disabled={props.busy}>
        {props.busy && fetcher.formData?.get("intent") === "wording" ? "Updating the preview…" : "Update preview"}
      </button>
    </section>
  );
}
