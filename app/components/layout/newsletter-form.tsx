import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { subscriptionMessages } from "~/modules/community/subscription-messages";
import type { SubscriptionActionData } from "~/modules/community/subscription-messages";

/** The footer's newsletter form: idle, 'Submitting...', then 'Thank You!' or the error text. */
export function NewsletterForm({ id = "newsletter", defaultEmail }: { id?: string; defaultEmail?: string }) {
  const fetcher = useFetcher<SubscriptionActionData>({ key: id });
  const inputRef = useRef<HTMLInputElement>(null);
  const submitting = fetcher.state !== "idle";
  const result = submitting ? undefined : fetcher.data;
  const succeeded = result?.ok === true;
  const failed = result?.ok === false;

  useEffect(() => {
    if (succeeded && inputRef.current) inputRef.current.value = "";
  }, [succeeded]);

  return (
    <fetcher.Form method="post" action="/newsletter" className="space-y-3" aria-describedby={`${id}-status`}>
      <label htmlFor={`${id}-email`} className="block text-sm text-sand">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row">
        <input
          ref={inputRef}
          id={`${id}-email`}
          defaultValue={defaultEmail}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          disabled={succeeded}
          aria-invalid={failed || undefined}
          className="input-field"
        />
        <button type="submit" className="button-primary shrink-0" disabled={submitting || succeeded}>
          {submitting ? "Submitting..." : succeeded ? "Thank You!" : "Subscribe"}
        </button>
      </div>
      <p id={`${id}-status`} role="status" aria-live="polite" className="min-h-6 text-sm">
        {succeeded ? <span className="text-amber">{subscriptionMessages.newsletterSuccess}</span> : null}
        {failed ? <span className="text-danger">{result.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}
