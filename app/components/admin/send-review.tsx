import { useEffect, useRef, type ComponentType, type ReactNode } from "react";
import { reviewMessages, type SendReview } from "#app/modules/campaigns";

/** A post form: the route's own `Form`, or a fetcher's. */
type PostForm = ComponentType<{ method: "post"; className?: string; "aria-labelledby"?: string; children?: ReactNode }>;

/**
 * The review before a mass send (docs/decisions/042): how many people get it, who is left out and
 * why, one real recipient's copy, and 'Send to N people'. A real form: the confirm posts what was
 * reviewed (hidden fields) with the review's token; 'Change' posts the same values back to the
 * composer. Focus moves to the heading when a review arrives, so a screen reader starts there.
 */
export function SendReviewPanel(props: {
  review: SendReview;
  Form: PostForm;
  /** The send intent (the confirm) and the intent that goes back to the form. */
  intent: string;
  changeIntent: string;
  /** What was reviewed, posted again: [name, value] pairs (a name may repeat). */
  hidden: [string, string][];
  idPrefix: string;
  /** The review's heading level under the page's outline (its parts' headings are one below). */
  headingLevel: 2 | 3 | 4;
  busy?: boolean;
}) {
  const { review, Form } = props;
  const Heading = `h${props.headingLevel}` as const;
  const Part = `h${props.headingLevel + 1}` as "h3" | "h4" | "h5";
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, [review.token]);
  const headingId = `${props.idPrefix}-review-title`;
  const people = (count: number) => `${count} ${count === 1 ? "person" : "people"}`;

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-amber/40 p-4" data-testid="send-review">
      <Heading id={headingId} ref={headingRef} tabIndex={-1} className="text-xl text-ivory focus:outline-none">
        {reviewMessages.heading}
      </Heading>
      {review.duplicateMinutesAgo !== null ? (
        <p role="alert" className="rounded-xl border border-danger/50 bg-danger/10 p-3 text-danger">
          {reviewMessages.duplicate(review.duplicateMinutesAgo)}
        </p>
      ) : null}
      {review.notice ? (
        <p role="alert" className="text-amber">
          {review.notice}
        </p>
      ) : null}
      {review.question ? <p className="text-ivory">{review.question}</p> : null}
      <p className="text-ivory" data-testid="send-review-count">
        This {review.channel === "sms" ? "text" : "e-mail"} goes to <strong>{people(review.count)}</strong>: {review.audience}.
        {review.scheduledFor ? ` It starts ${review.scheduledFor}.` : ""}
      </p>
      {review.leftOut.length > 0 ? (
        <div>
          <Part className="text-sm font-semibold text-sand">Left out</Part>
          <ul className="mt-1 space-y-1 text-sm text-sand" data-testid="send-review-left-out">
            {review.leftOut.map((group) => (
              <li key={group.reason}>
                <span className="text-ivory">{group.reason}</span> ({people(group.count)}): <span className="break-words">{group.people.join(", ")}</span>
                {group.count > group.people.length ? ` and ${group.count - group.people.length} more` : ""}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-sand">Nobody is left out.</p>
      )}
      <div>
        <Part className="text-sm font-semibold text-sand">What {review.sample.recipient} will get</Part>
        {review.sample.subject ? <p className="mt-1 text-sm text-ivory">Subject: {review.sample.subject}</p> : null}
        {review.sample.html !== undefined ? (
          <iframe
            title={`Sample e-mail for ${review.sample.recipient}`}
            sandbox=""
            srcDoc={review.sample.html}
            className="mt-2 h-[28rem] w-full rounded-xl border border-sand/15 bg-white"
          />
        ) : (
          <pre className="mt-2 rounded-xl bg-ivory/5 p-3 font-sans text-sm whitespace-pre-wrap text-ivory" data-testid="send-review-text">
            {review.sample.text}
          </pre>
        )}
      </div>
      {review.landing ? (
        <p className="text-sm text-sand" data-testid="send-review-landing">
          {review.landing}
        </p>
      ) : null}
      <Form method="post" className="flex flex-wrap gap-3" aria-labelledby={headingId}>
        {props.hidden.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="confirm" value={review.token} />
        <button type="submit" name="intent" value={props.intent} className="button-primary" disabled={props.busy}>
          {review.duplicateMinutesAgo !== null ? reviewMessages.confirmAgain(review.count) : reviewMessages.confirm(review.count)}
        </button>
        <button type="submit" name="intent" value={props.changeIntent} className="button-secondary" disabled={props.busy}>
          Change
        </button>
      </Form>
    </section>
  );
}
