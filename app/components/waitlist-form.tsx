import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { WaitlistSource } from "~/modules/community/subscription-messages";
import type { SubscriptionActionData } from "~/modules/community/subscription-messages";

/**
 * 'Notify Me' form of the launch waitlist: idle, 'Submitting...', then 'Thank You!' with the
 * success text, or the error text and the address kept for another try.
 */
export function WaitlistForm(props: {
  id: string;
  source: WaitlistSource;
  plan?: string;
  defaultEmail?: string;
  label?: string;
  /** The refusal of a post made without JavaScript, shown until the next try. */
  noScriptError?: string;
}) {
  const fetcher = useFetcher<SubscriptionActionData>({ key: props.id });
  const inputRef = useRef<HTMLInputElement>(null);
  const submitting = fetcher.state !== "idle";
  const result = submitting
    ? undefined
    : (fetcher.data ?? (props.noScriptError ? { ok: false as const, error: props.noScriptError, email: "" } : undefined));
  const succeeded = result?.ok === true;
  const failed = result?.ok === false;

  useEffect(() => {
    if (succeeded && inputRef.current) inputRef.current.value = "";
  }, [succeeded]);

  return (
    <fetcher.Form method="post" action="/waitlist" className="space-y-3">
      <input type="hidden" name="source" value={props.source} />
      {props.plan ? <input type="hidden" name="plan" value={props.plan} /> : null}
      <label htmlFor={`${props.id}-email`} className="block text-sm text-sand">
        {props.label ?? "Email address"}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <input
          ref={inputRef}
          id={`${props.id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          defaultValue={props.defaultEmail}
          disabled={submitting || succeeded}
          aria-invalid={failed || undefined}
          aria-describedby={`${props.id}-status`}
          className="input-field"
        />
        <button type="submit" className="button-primary shrink-0" disabled={submitting || succeeded}>
          {submitting ? "Submitting..." : succeeded ? "Thank You!" : "Notify Me"}
        </button>
      </div>
      <p id={`${props.id}-status`} role="status" aria-live="polite" className="min-h-6 text-sm">
        {succeeded ? <span className="text-amber">{result.message}</span> : null}
        {failed ? <span className="text-danger">{result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}
