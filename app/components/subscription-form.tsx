import { useEffect, useRef, type ReactNode } from "react";
import { useFetcher } from "react-router";
import type { SubscriptionActionData } from "#app/modules/community";
import { useHydrated } from "#app/lib/use-hydrated";

/**
 * The one-address sign-up that the newsletter and the launch waitlist share: idle, 'Submitting...',
 * then 'Thank You!' with the success text, or the error text and the address kept for another try.
 * The two differ only in where they post, their wording and their layout, which the props carry.
 * One field and its status line side by side: the line is its error summary (decision 055), and a
 * refusal puts the focus back on the field (by itself: the footer is in every page's first scripts,
 * which the forms' error module stays out of).
 */
export function SubscriptionForm(props: {
  id: string;
  action: "/newsletter" | "/waitlist";
  label: string;
  submitLabel: string;
  /** The row of field and button: the footer's narrow column stacks them at some widths. */
  rowClassName: string;
  /** The text after success; the action's own message when not given. */
  successText?: string;
  /** Where the status line is described from: the whole form (footer) or the field (waitlist). */
  describedBy: "form" | "field";
  /** The waitlist's field stays disabled while sending; the newsletter's only after success. */
  disableWhileSending?: boolean;
  defaultEmail?: string;
  /** The refusal of a post made without JavaScript, shown until the next try. */
  noScriptError?: string;
  /** The whole outcome of a post made before the page's scripts ran (the footer's, brought back to its page), shown until the next try. */
  noScriptResult?: SubscriptionActionData | null;
  /**
   * The page to come back to after a post made before the page's scripts ran (the footer's form):
   * sent only until then, since afterwards the form answers in place.
   */
  returnTo?: string;
  /** Hidden fields that say where the sign-up came from. */
  children?: ReactNode;
}) {
  const { id } = props;
  const fetcher = useFetcher<SubscriptionActionData>({ key: id });
  const inputRef = useRef<HTMLInputElement>(null);
  const submitting = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const result = submitting
    ? undefined
    : (fetcher.data ?? props.noScriptResult ?? (props.noScriptError ? { ok: false as const, error: props.noScriptError, email: "" } : undefined));
  const succeeded = result?.ok === true;
  const failed = result?.ok === false;
  const statusId = `${id}-status`;
  const refusal = !submitting && fetcher.data?.ok === false ? fetcher.data : undefined;
  useEffect(() => {
    if (refusal) inputRef.current?.focus();
  }, [refusal]);

  useEffect(() => {
    if (succeeded && inputRef.current) inputRef.current.value = "";
  }, [succeeded]);

  return (
    <fetcher.Form method="post" action={props.action} className="space-y-3" aria-describedby={props.describedBy === "form" ? statusId : undefined}>
      {props.children}
      {props.returnTo && !hydrated ? <input type="hidden" name="returnTo" value={props.returnTo} /> : null}
      <label htmlFor={`${id}-email`} className="block text-sm text-sand">
        {props.label}
      </label>
      <div className={props.rowClassName}>
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={props.defaultEmail ?? (props.noScriptResult && !props.noScriptResult.ok ? props.noScriptResult.email : undefined)}
          disabled={(props.disableWhileSending && submitting) || succeeded}
          aria-invalid={failed || undefined}
          aria-describedby={props.describedBy === "field" ? statusId : undefined}
          className="input-field"
        />
        <button type="submit" className="button-primary shrink-0" disabled={submitting || succeeded}>
          {submitting ? "Submitting..." : succeeded ? "Thank You!" : props.submitLabel}
        </button>
      </div>
      <p id={statusId} role="status" aria-live="polite" className="min-h-6 text-sm">
        {succeeded ? <span className="text-amber">{props.successText ?? result.message}</span> : null}
        {failed ? <span className="text-danger">{result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}
