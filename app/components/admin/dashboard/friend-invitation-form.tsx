import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useOutcomeToast, type StaffOutcome } from "#app/components/admin/staff-outcome";
import { useFormValidation } from "#app/components/members/use-form-validation";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { TextField } from "#app/components/ui/text-field";
import { friendInvitationSchema } from "#app/modules/invitations";

/**
 * The friend invitation generator (spec sections 2 and 5): a friend's name and e-mail, checked
 * here with the server's schema, then e-mailed a personal link to /friend. Success clears the form;
 * a failure keeps what was typed and shows 'Error: …' in the form's error summary, with focus on the
 * first field in error (decision 055).
 */
export function FriendInvitationForm({ fallback }: { fallback?: StaffOutcome }) {
  const fetcher = useFetcher<StaffOutcome>();
  const outcome = fetcher.data ?? fallback;
  useOutcomeToast(fetcher.data);
  const failed = outcome && !outcome.ok ? outcome : undefined;
  const { errors, onSubmit, attempt } = useFormValidation(() => friendInvitationSchema, failed?.fieldErrors, fetcher.state === "idle" ? failed : undefined);
  const action = useErrorSummaryAction("friend-invitation-errors");
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.data?.ok) form.current?.reset();
  }, [fetcher.data]);
  const sending = fetcher.state !== "idle";
  return (
    <fetcher.Form ref={form} method="post" action={action} className="space-y-4" onSubmit={onSubmit} noValidate aria-describedby="friend-invitation-help">
      <ErrorSummary
        key={attempt}
        id="friend-invitation-errors"
        headingLevel={3}
        errors={errors}
        message={failed && !failed.fieldErrors ? failed.message : null}
        fieldId={(field) => `friend-${field}`}
      />
      <p id="friend-invitation-help" className="text-sand">
        E-mails a friend a personal link to the friend page with two unreleased tracks.
      </p>
      <input type="hidden" name="intent" value="send-friend-invitation" />
      <TextField id="friend-name" name="name" label="Friend's name" autoComplete="off" defaultValue={failed?.values?.name} error={errors.name} />
      <TextField id="friend-email" name="email" type="email" label="Friend's e-mail" autoComplete="off" defaultValue={failed?.values?.email} error={errors.email} />
      <button type="submit" className="button-primary" disabled={sending}>
        {sending ? "Sending…" : "Send friend invitation"}
      </button>
    </fetcher.Form>
  );
}
