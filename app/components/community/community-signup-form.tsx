import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import {
  communitySignupMessages,
  interestOptions,
  type CommunityJoinOutcome,
  type CommunitySignupErrors,
  type CommunitySignupField,
  type CommunitySource,
  type SignInLinkResendOutcome,
} from "#app/modules/community";
// The module's door for schemas loaded on demand (the dynamic import below): a code-splitting point.
import type * as CommunitySignupSchemaModule from "#app/modules/community/schemas";
import { communityConsentWords } from "#app/modules/consent";
import { ContactFields } from "#app/components/ui/contact-fields";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { orElse } from "#app/lib/or-else";

/**
 * The schema (with zod/mini) is fetched when the visitor turns to the form, not with the page;
 * the first call starts the download, later ones reuse it.
 */
let validator: Promise<typeof CommunitySignupSchemaModule> | undefined;
const loadValidator = () =>
  (validator ??= import("#app/modules/community/schemas").catch((error: unknown) => {
    validator = undefined;
    throw error;
  }));

/** The join page's action handles both the sign-up and the resend, so a post without JavaScript lands there. */
const JOIN_ACTION = "/join";

/**
 * The community sign-up form of /join, the home page and /contact. Checked in the browser with
 * the server's schema, then posted; success replaces the form with a welcome naming the address.
 * Without JavaScript the post goes to /join, which shows the same outcome (`outcome`).
 */
export function CommunitySignupForm(props: {
  id: string;
  source: CommunitySource;
  /** Offer 'Resend sign-in link' on the welcome screen (the join page). */
  offerResend?: boolean;
  /** The heading level of the welcome message, under the section's own heading. */
  headingLevel?: 2 | 3;
  /** What the join page's action answered to a post made without JavaScript. */
  outcome?: CommunityJoinOutcome | SignInLinkResendOutcome;
}) {
  const { id, outcome } = props;
  const fetcher = useFetcher<CommunityJoinOutcome>({ key: `${id}-join` });
  const formRef = useRef<HTMLFormElement>(null);
  const [browserErrors, setBrowserErrors] = useState<CommunitySignupErrors | null>(null);
  const submitting = fetcher.state !== "idle";

  const joinOutcome = fetcher.data ?? (outcome?.intent === "join" ? outcome : undefined);
  const joinedEmail = joinOutcome?.ok ? joinOutcome.email : outcome?.intent === "resend" ? outcome.email : undefined;
  const serverRefusal = joinOutcome && !joinOutcome.ok ? joinOutcome : undefined;
  const errors: CommunitySignupErrors = submitting ? {} : (browserErrors ?? serverRefusal?.errors ?? {});
  const values = serverRefusal?.values;

  // The browser's check, or the server's answer naming fields the browser accepted: put the visitor
  // on the first one, with the form's error summary (decision 055).
  const attempt = useErrorFocus(browserErrors ?? (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined), errors, formRef);
  // Without JavaScript the join page answers, with its own form's summary.
  const action = useErrorSummaryAction("join-errors", JOIN_ACTION);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const { validateCommunitySignup } = await loadValidator().catch(orElse({ validateCommunitySignup: undefined }, "without the rules the form posts and the server checks it"));
    // Should the schema not arrive, the server checks the same rules and answers with the same messages.
    const checked = validateCommunitySignup?.(Object.fromEntries(formData)) ?? { ok: true as const };
    if (!checked.ok) {
      setBrowserErrors(checked.errors);
      return;
    }
    setBrowserErrors(null);
    void fetcher.submit(formData, { method: "post", action: JOIN_ACTION });
  }

  if (joinedEmail) {
    return (
      <Welcome
        id={id}
        email={joinedEmail}
        headingLevel={props.headingLevel ?? 3}
        offerResend={props.offerResend}
        resendOutcome={outcome?.intent === "resend" ? outcome : undefined}
      />
    );
  }

  const fieldId = (field: CommunitySignupField) => `${id}-${field}`;
  const errorId = (field: CommunitySignupField) => `${id}-${field}-error`;
  const fieldProps = (field: CommunitySignupField) => ({
    id: fieldId(field),
    name: field,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? errorId(field) : undefined,
  });
  const error = (field: CommunitySignupField) =>
    errors[field] ? (
      <p id={errorId(field)} className="mt-1.5 text-sm text-danger">
        {errors[field]}
      </p>
    ) : null;

  return (
    <form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadValidator().catch(orElse(undefined, "a prefetch: the submit loads the rules again or lets the server check"))}
      onPointerEnter={() => void loadValidator().catch(orElse(undefined, "a prefetch: the submit loads the rules again or lets the server check"))}
      className="space-y-5"
    >
      <ErrorSummary key={attempt} id={`${id}-errors`} headingLevel={props.headingLevel ?? 3} errors={errors} fieldId={fieldId} />
      <input type="hidden" name="intent" value="join" />
      <input type="hidden" name="source" value={props.source} />
      <ContactFields idOf={fieldId} values={values} errors={errors} />
      <Field label="Area of interest" htmlFor={fieldId("interest")}>
        <select {...fieldProps("interest")} defaultValue={values?.interest ?? ""} className="input-field">
          <option value="" disabled>
            Select an area of interest
          </option>
          {interestOptions.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        {error("interest")}
      </Field>
      <div>
        <div className="flex items-start gap-3">
          <input
            {...fieldProps("consent")}
            type="checkbox"
            defaultChecked={values?.consent}
            className="mt-1 h-5 w-5 shrink-0 accent-amber"
          />
          <label htmlFor={fieldId("consent")} className="text-sm text-sand">
            I agree to the{" "}
            <Link to="/terms" className="text-amber underline underline-offset-4 hover:text-ivory">
              Terms of Service
            </Link>{" "}
            and{" "}
            <Link to="/privacy" className="text-amber underline underline-offset-4 hover:text-ivory">
              Privacy Policy
            </Link>
            . <span className="text-mist">(required)</span>
          </label>
        </div>
        {error("consent")}
      </div>
      {/* Texts are optional and a consent of their own (docs/decisions/043). */}
      <ConsentBox id={fieldId("smsConsent")} name="smsConsent" defaultChecked={values?.smsConsent} label={communityConsentWords.sms} />
      {/* Joining the list is the e-mail consent, said beside the button rather than asked in a box (docs/decisions/054). */}
      <div className="space-y-2">
        <button type="submit" className="button-primary w-full" disabled={submitting} aria-describedby={`${id}-joining`}>
          {submitting ? "Submitting..." : "Join the Community"}
        </button>
        <p id={`${id}-joining`} className="text-center text-sm text-sand">
          {communityConsentWords.joining}
        </p>
      </div>
    </form>
  );
}

function ConsentBox(props: { id: string; name: string; label: string; defaultChecked?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input id={props.id} name={props.name} type="checkbox" defaultChecked={props.defaultChecked} className="mt-1 h-5 w-5 shrink-0 accent-amber" />
      <label htmlFor={props.id} className="text-sm text-sand">
        {props.label}
      </label>
    </div>
  );
}

function Field(props: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={props.htmlFor} className="mb-1.5 block text-sm text-sand">
        {props.label}
      </label>
      {props.children}
    </div>
  );
}

function Welcome(props: {
  id: string;
  email: string;
  headingLevel: 2 | 3;
  offerResend?: boolean;
  resendOutcome?: SignInLinkResendOutcome;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = props.headingLevel === 2 ? "h2" : "h3";

  // The form the visitor was in has gone: bring them to what replaced it.
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <div className="text-center">
      <Heading ref={headingRef} tabIndex={-1} className="text-3xl text-ivory focus:outline-none">
        Welcome to the community!
      </Heading>
      <p role="status" className="mt-4 text-sand">
        We sent a sign-in link to <strong className="break-words text-amber">{props.email}</strong>. Open it to sign in
        and hear the members&rsquo; music; it works once, within 15 minutes.
      </p>
      {props.offerResend ? <ResendSignInLink id={props.id} email={props.email} noScriptOutcome={props.resendOutcome} /> : null}
    </div>
  );
}

/** 'Resend sign-in link' → 'Resending…' → the sent or failed text. */
function ResendSignInLink(props: { id: string; email: string; noScriptOutcome?: SignInLinkResendOutcome }) {
  const fetcher = useFetcher<SignInLinkResendOutcome>({ key: `${props.id}-resend` });
  const resending = fetcher.state !== "idle";
  const outcome = resending ? undefined : (fetcher.data ?? props.noScriptOutcome);
  return (
    <fetcher.Form method="post" action={JOIN_ACTION} className="mt-6">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="email" value={props.email} />
      <button type="submit" className="button-secondary" disabled={resending}>
        {resending ? "Resending\u2026" : "Resend sign-in link"}
      </button>
      <p role="status" aria-live="polite" className="mt-3 min-h-6 text-sm">
        {outcome?.resent ? <span className="text-amber">{communitySignupMessages.resendSent}</span> : null}
        {outcome && !outcome.resent ? <span className="text-danger">{outcome.error}</span> : null}
      </p>
    </fetcher.Form>
  );
}
