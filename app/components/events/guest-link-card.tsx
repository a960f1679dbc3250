import type { ReactNode } from "react";
import { Link } from "react-router";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { eventPath } from "./event-links";

/** The way back to an event's page, under the answer of a guest's link (cancel, claim, leave). */
export function BackToEventLink({ slug }: { slug: string }) {
  return (
    <p className="mt-6">
      <Link to={eventPath(slug)} className="button-secondary w-full">
        Back to the event
      </Link>
    </p>
  );
}

/** What a guest's link shows once it is used, expired or unknown: the reason, and where to go instead. */
export function GuestLinkProblem(props: { eyebrow: string; title: string; problem: string; showEvents?: boolean }) {
  return (
    <AuthCard eyebrow={props.eyebrow} title={props.title}>
      <FormBanner tone="error">{props.problem}</FormBanner>
      {props.showEvents === false ? null : (
        <p className="mt-6">
          <Link to="/events" className="button-primary w-full">
            See upcoming events
          </Link>
        </p>
      )}
    </AuthCard>
  );
}

/**
 * What a guest's link (or a return from Stripe's checkout) shows after its work: the answer, read
 * out, and the way back to the event, or to the events when there is none.
 */
export function GuestLinkDone(props: { eyebrow: string; title: string; message: string; slug: string | null; tone?: "success" | "error"; children?: ReactNode }) {
  return (
    <AuthCard eyebrow={props.eyebrow} title={props.title}>
      <div role="status">
        <FormBanner tone={props.tone ?? "success"}>{props.message}</FormBanner>
      </div>
      {props.children}
      {props.slug ? (
        <BackToEventLink slug={props.slug} />
      ) : (
        <p className="mt-6">
          <Link to="/events" className="button-primary w-full">
            See upcoming events
          </Link>
        </p>
      )}
    </AuthCard>
  );
}
