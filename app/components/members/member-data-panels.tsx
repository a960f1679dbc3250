import { AlertDialog } from "radix-ui";
import { useRef, useState, type FormEvent } from "react";
import { Form, useSubmit } from "react-router";
import { ErrorSummary, revealAndFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { emailPreferenceLabels, smsConsentWords } from "#app/modules/consent";
import { memberTextMessages, memberTextState, type MemberTextConsent } from "#app/modules/sms";
import { deleteAccountSchema, memberDataMessages, type EmailPreferences } from "#app/modules/members";

const panel = "rounded-3xl border border-ember bg-umber/80 p-7 sm:p-9";

/** The member's e-mail preferences: two checkboxes and a save button (a plain form, so it works without JavaScript). */
export function EmailPreferencesPanel(props: { preferences: EmailPreferences | null; pending: boolean }) {
  const { preferences } = props;
  return (
    <section className={panel} aria-labelledby="email-preferences-title">
      <h2 id="email-preferences-title" className="text-2xl text-ivory">
        E-mail preferences
      </h2>
      <p className="mt-2 text-sand">Choose what we e-mail you. Sign-in links and reservation e-mails always reach you.</p>
      {preferences ? (
        <Form method="post" className="mt-5 space-y-4">
          <input type="hidden" name="intent" value="email-preferences" />
          <fieldset className="space-y-3">
            <legend className="sr-only">E-mails you receive</legend>
            {(["newsletter", "campaigns"] as const).map((key) => (
              <label key={key} htmlFor={`preference-${key}`} className="flex items-start gap-3 text-sand">
                <input id={`preference-${key}`} name={key} type="checkbox" defaultChecked={preferences[key]} className="mt-1 size-4 accent-amber" />
                <span>{emailPreferenceLabels[key]}</span>
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button-secondary" disabled={props.pending}>
            {props.pending ? "Saving..." : "Save preferences"}
          </button>
        </Form>
      ) : (
        <p className="mt-5 text-sm text-danger">{memberDataMessages.preferencesLoadFailed}</p>
      )}
    </section>
  );
}

/**
 * Texts: the number we hold and whether the member agreed to texts, with the box to give or
 * withdraw it (a consents row each way), besides replying STOP. A plain form, so it works without
 * JavaScript; what was typed comes back with an error.
 */
export function TextsPanel(props: { consent: MemberTextConsent | null; pending: boolean; error?: string; typed?: { phone: string; texts: boolean } }) {
  const { consent, typed, error } = props;
  return (
    <section className={panel} aria-labelledby="texts-title">
      <h2 id="texts-title" className="text-2xl text-ivory">
        Text messages
      </h2>
      {consent ? (
        <>
          <p className="mt-2 text-sand" data-testid="texts-state">
            {consent.phone ? `Your phone: ${consent.phone}. ` : `${memberTextMessages.noPhone} `}
            {memberTextState(consent)}
          </p>
          <Form method="post" className="mt-5 space-y-4" key={`${consent.phone ?? ""}:${consent.agreed}:${typed ? "typed" : ""}`}>
            <input type="hidden" name="intent" value="texts" />
            <div>
              <label htmlFor="texts-phone" className="block text-sm text-sand">
                Phone
              </label>
              <input
                id="texts-phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                defaultValue={typed?.phone ?? consent.phone ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "texts-phone-error" : undefined}
                className="input-field mt-2"
              />
              {error ? (
                <p id="texts-phone-error" className="mt-1.5 text-sm text-danger">
                  {error}
                </p>
              ) : null}
            </div>
            <label htmlFor="texts-consent" className="flex items-start gap-3 text-sand">
              <input id="texts-consent" name="texts" type="checkbox" defaultChecked={typed?.texts ?? consent.agreed} className="mt-1 size-4 shrink-0 accent-amber" />
              <span>{smsConsentWords}</span>
            </label>
            <button type="submit" className="button-secondary" disabled={props.pending}>
              {props.pending ? "Saving..." : "Save text preferences"}
            </button>
            <p className="text-sm text-mist">{memberTextMessages.stopAnyTime}</p>
          </Form>
        </>
      ) : (
        <p className="mt-5 text-sm text-danger">{memberTextMessages.loadFailed}</p>
      )}
    </section>
  );
}

/**
 * Download my data: a plain POST form (not a client-side navigation) so the browser saves the
 * JSON file the server answers with.
 */
export function DownloadDataPanel() {
  return (
    <section className={panel} aria-labelledby="download-data-title">
      <h2 id="download-data-title" className="text-2xl text-ivory">
        Download my data
      </h2>
      <p className="mt-2 text-sand">
        A file (JSON) of everything we hold about you: your account and profile, sign-ups, reservations, invitations, consents and
        listening history.
      </p>
      <form method="post" action="/profile/data" className="mt-5">
        <button type="submit" className="button-secondary">
          Download my data
        </button>
      </form>
    </section>
  );
}

/**
 * Delete my account: the member types DELETE, then confirms in a dialog (Radix AlertDialog: focus
 * moves into it, Escape cancels and focus returns). Without JavaScript the form posts straight
 * away and the server checks the word.
 */
export function DeleteAccountPanel(props: { error?: string; typed?: string; pending: boolean }) {
  const [open, setOpen] = useState(false);
  const [clientError, setClientError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const error = clientError ?? props.error;
  const action = useErrorSummaryAction("delete-account-errors");

  function askFirst(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = deleteAccountSchema.safeParse({ confirmation: inputRef.current?.value ?? "" });
    if (!checked.success) {
      setClientError(checked.error.issues[0]?.message ?? null);
      if (inputRef.current) revealAndFocus(inputRef.current);
      return;
    }
    setClientError(null);
    setOpen(true);
  }

  return (
    <section className={`${panel} border-danger/40`} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className="text-2xl text-ivory">
        Delete my account
      </h2>
      <p className="mt-2 text-sand">
        This removes your account, profile, sign-ups and music access for good. Your reservations stay, without your name or contact
        details, so the seat counts stay right; we keep your address only to never e-mail you a campaign again.
      </p>
      <Form method="post" action={action} ref={formRef} noValidate onSubmit={askFirst} className="mt-5 space-y-4">
        <ErrorSummary id="delete-account-errors" headingLevel={3} errors={{ confirmation: error }} fieldId={() => "delete-confirmation"} />
        <input type="hidden" name="intent" value="delete-account" />
        <div>
          <label htmlFor="delete-confirmation" className="block text-sm text-sand">
            Type DELETE to confirm
          </label>
          <input
            ref={inputRef}
            id="delete-confirmation"
            name="confirmation"
            type="text"
            autoComplete="off"
            defaultValue={props.typed}
            className="input-field mt-2"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "delete-confirmation-error" : undefined}
          />
          {error ? (
            <p id="delete-confirmation-error" className="mt-1.5 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </div>
        <AlertDialog.Root open={open} onOpenChange={setOpen}>
          <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-2.5 font-semibold text-night hover:bg-ivory" disabled={props.pending}>
            {props.pending ? "Deleting..." : "Delete my account"}
          </button>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-40 bg-night/80" />
            <AlertDialog.Content
              // The dialog opens from the form, not from a trigger: closing it gives the focus back to the field.
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                inputRef.current?.focus();
              }}
              className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-sand/20 bg-umber p-6 shadow-xl focus:outline-none">
              <AlertDialog.Title className="text-2xl text-ivory">Delete your account for good?</AlertDialog.Title>
              <AlertDialog.Description className="mt-3 text-sand">
                Your account, profile and sign-ups are removed and you are signed out. This cannot be undone.
              </AlertDialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-3">
                <AlertDialog.Cancel className="button-secondary">Keep my account</AlertDialog.Cancel>
                <AlertDialog.Action
                  className="inline-flex min-h-11 items-center justify-center rounded-full bg-danger px-6 py-2.5 font-semibold text-night hover:bg-ivory"
                  onClick={() => {
                    if (formRef.current) void submit(formRef.current, { method: "post" });
                  }}
                >
                  Delete my account
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </Form>
    </section>
  );
}
