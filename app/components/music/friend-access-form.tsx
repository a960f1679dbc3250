import { useEffect, useRef, useState, type FormEvent } from "react";
import { useActionData, useFetcher } from "react-router";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import {
  checkFriendAccess,
  friendAccessError,
  friendAccessMessages,
  type FriendAccessActionData,
  type FriendAccessFieldErrors,
} from "#app/modules/members";

/**
 * 'Want More?': name and e-mail, checked here with the action's own schema, then 'Sending...' and
 * 'Email Sent!' with what to do next. Without JavaScript it posts to the page like any form. A
 * refusal shows in the form's error summary, with focus on the first field in error (decision 055).
 */
export function FriendAccessForm({ className }: { className?: string }) {
  const fetcher = useFetcher<FriendAccessActionData>({ key: "friend-access" });
  const [clientErrors, setClientErrors] = useState<FriendAccessFieldErrors | null>(null);
  const sentRef = useRef<HTMLDivElement>(null);
  // Without JavaScript the form posts to the page, whose action data then holds the answer.
  const pageResult = useActionData<FriendAccessActionData>();
  const sending = fetcher.state !== "idle";
  const result = sending ? undefined : (fetcher.data ?? pageResult);
  const sent = result?.ok === true;
  const failed = result?.ok === false ? result : undefined;
  const fieldErrors = clientErrors ?? failed?.fieldErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(clientErrors ?? (fetcher.data?.ok === false && !sending ? fetcher.data : undefined), fieldErrors, formRef);
  const action = useErrorSummaryAction("friend-access-errors");

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const checked = checkFriendAccess({ name: String(form.get("name") ?? ""), email: String(form.get("email") ?? "") });
    if (checked.ok) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    setClientErrors(checked.fieldErrors);
  };

  if (sent) {
    return (
      <div ref={sentRef} tabIndex={-1} role="status" className={`outline-none ${className ?? ""}`}>
        <p className="font-display text-3xl text-amber">{friendAccessMessages.sent}</p>
        <p className="mt-3 text-ivory">{friendAccessMessages.sentText}</p>
        <p className="mt-2 text-sm text-mist">{friendAccessMessages.spamHint}</p>
      </div>
    );
  }

  const field = (name: "name" | "email", label: string, type: string, autoComplete: string) => {
    const error = fieldErrors[name];
    return (
      <div>
        <label htmlFor={`friend-${name}`} className="block text-sm text-sand">
          {label}
        </label>
        <input
          id={`friend-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={failed?.values[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `friend-${name}-error` : undefined}
          className="input-field mt-1.5"
        />
        {error ? (
          <p id={`friend-${name}-error`} className="mt-1.5 text-sm text-danger">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate onSubmit={submit} className={`space-y-4 ${className ?? ""}`}>
      <ErrorSummary
        key={attempt}
        id="friend-access-errors"
        headingLevel={3}
        errors={fieldErrors}
        message={failed?.error && !clientErrors ? friendAccessError(failed.error) : null}
        fieldId={(name) => `friend-${name}`}
      />
      {field("name", "Name", "text", "name")}
      {field("email", "Email", "email", "email")}
      <button type="submit" className="button-primary w-full" disabled={sending}>
        {sending ? friendAccessMessages.sending : friendAccessMessages.submit}
      </button>
    </fetcher.Form>
  );
}
