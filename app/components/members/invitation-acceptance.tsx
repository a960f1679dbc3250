// The invitation page's parts: the acceptance form, the benefits under it and the success screen.
import { CalendarHeart, Music, Users, type LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Link, type useFetcher } from "react-router";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { PageFrame } from "#app/components/ui/page-hero";
import { TextField } from "#app/components/ui/text-field";
import { joiningEmailWords, smsConsentWords } from "#app/modules/consent";
import { acceptanceSchema, fieldErrors, firstError, type AcceptanceField } from "#app/modules/invitations";
import { acceptanceFormValues, acceptancePayload, type AcceptanceFormValues } from "#app/modules/invitations";
import {
  communicationPreferenceLabels,
  communicationPreferences,
  discoveryMethodLabels,
  discoveryMethods,
  GIFT_TRACK_COUNT,
  invitationInterests,
  invitationMessages,
  welcomeHeading,
} from "#app/modules/invitations";

/** What sending the form answers: the new member's sign-in link, or what to fix. */
export type AcceptanceResult =
  | { ok: true; loginLink: string }
  | { ok: false; error: string; fieldErrors?: Partial<Record<AcceptanceField, string>>; values?: AcceptanceFormValues };

const noSubscription = () => () => {};

type Prefill = Partial<AcceptanceFormValues>;

export function AcceptanceForm(props: {
  fetcher: ReturnType<typeof useFetcher<AcceptanceResult>>;
  rid: string;
  prefill: Prefill;
  defaultPreference: string;
  serverError?: { error: string; fieldErrors?: Partial<Record<AcceptanceField, string>> };
}) {
  const { fetcher, prefill } = props;
  const sending = fetcher.state !== "idle";
  // The Terms box is the form's own (uncontrolled), read once the page hydrates: a tick made
  // before then counts, and the button is usable as soon as it is ticked.
  const termsRef = useRef<HTMLInputElement>(null);
  const [terms, setTerms] = useState(prefill.terms ?? false);
  useEffect(() => setTerms(termsRef.current?.checked ?? false), []);
  const [interests, setInterests] = useState<string[]>(prefill.interests ?? []);
  const [clientErrors, setClientErrors] = useState<{ message: string; fields: Partial<Record<AcceptanceField, string>> } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const fieldId = useId();
  const idOf = (name: AcceptanceField) => `${fieldId}-${name}`;

  const serverError = props.serverError;
  const errors = clientErrors?.fields ?? serverError?.fieldErrors ?? {};
  const formMessage = clientErrors?.message ?? serverError?.error;
  // The form's error summary and focus on the first field in error (decision 055).
  const attempt = useErrorFocus(clientErrors ?? (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined), errors, formRef);
  const action = useErrorSummaryAction("invitation-errors");
  const textFields: readonly string[] = ["firstName", "lastName", "email", "phone", "city", "state", "termsAccepted"];
  const allInterests = interests.length === invitationInterests.length;

  function validate(event: FormEvent<HTMLFormElement>) {
    const parsed = acceptanceSchema.safeParse(acceptancePayload(acceptanceFormValues(new FormData(event.currentTarget))));
    if (parsed.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const fields = fieldErrors(parsed.error);
    setClientErrors({ message: firstError(parsed.error), fields });
  }

  return (
    <fetcher.Form ref={formRef} method="post" action={action} noValidate onSubmit={validate} className="mt-8 space-y-6">
      <ErrorSummary
        key={attempt}
        id="invitation-errors"
        errors={errors}
        message={Object.values(errors).some(Boolean) ? null : formMessage}
        fieldId={(name) => (textFields.includes(name) ? idOf(name) : undefined)}
      />
      <input type="hidden" name="rid" value={props.rid} />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id={idOf("firstName")} name="firstName" label="First name" required requiredMark autoComplete="given-name" defaultValue={prefill.firstName} error={errors.firstName} />
        <TextField id={idOf("lastName")} name="lastName" label="Last name" required requiredMark autoComplete="family-name" defaultValue={prefill.lastName} error={errors.lastName} />
        <TextField id={idOf("email")} name="email" label="Email" type="email" required requiredMark autoComplete="email" defaultValue={prefill.email} error={errors.email} />
        <TextField id={idOf("phone")} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" defaultValue={prefill.phone} error={errors.phone} />
        <TextField id={idOf("city")} name="city" label="City" placeholder="San Diego" autoComplete="address-level2" defaultValue={prefill.city} error={errors.city} />
        <TextField id={idOf("state")} name="state" label="State" placeholder="CA" autoComplete="address-level1" defaultValue={prefill.state} error={errors.state} />
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-ivory">How often would you like to hear from us?</legend>
        <div className="mt-3 space-y-2">
          {communicationPreferences.map((preference) => (
            <label key={preference} className="flex items-center gap-3 text-sand">
              <input
                type="radio"
                name="communicationPreference"
                value={preference}
                defaultChecked={(prefill.communicationPreference || props.defaultPreference) === preference}
                className="size-4 accent-amber"
              />
              {communicationPreferenceLabels[preference]}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label htmlFor="discoveryMethod" className="block text-sm font-semibold text-ivory">
          How did you hear about us?
        </label>
        <select id="discoveryMethod" name="discoveryMethod" defaultValue={prefill.discoveryMethod ?? ""} className="input-field mt-2">
          <option value="">Choose one</option>
          {discoveryMethods.map((method) => (
            <option key={method} value={method}>
              {discoveryMethodLabels[method]}
            </option>
          ))}
        </select>
      </div>

      <fieldset>
        <legend className="text-sm font-semibold text-ivory">What interests you?</legend>
        <div className="mt-3 space-y-2">
          <label className="flex items-center gap-3 font-semibold text-amber">
            <input
              type="checkbox"
              name="interestsAll"
              checked={allInterests}
              onChange={(event) => setInterests(event.target.checked ? [...invitationInterests] : [])}
              className="size-4 accent-amber"
            />
            Interested in all
          </label>
          {invitationInterests.map((interest) => (
            <label key={interest} className="flex items-center gap-3 text-sand">
              <input
                type="checkbox"
                name="interests"
                value={interest}
                checked={interests.includes(interest)}
                onChange={(event) =>
                  setInterests((current) =>
                    event.target.checked ? [...current, interest] : current.filter((chosen) => chosen !== interest),
                  )
                }
                className="size-4 accent-amber"
              />
              {interest}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="space-y-4">
        <div>
          <label className="flex items-start gap-3 text-sm text-sand">
            <input
              ref={termsRef}
              id={idOf("termsAccepted")}
              type="checkbox"
              name="termsAccepted"
              defaultChecked={prefill.terms}
              onChange={(event) => setTerms(event.target.checked)}
              aria-invalid={errors.termsAccepted ? true : undefined}
              aria-describedby={errors.termsAccepted ? `${idOf("termsAccepted")}-error` : undefined}
              className="mt-1 size-4 shrink-0 accent-amber"
            />
            <span>
              I agree to the{" "}
              <Link to="/terms" className="text-amber underline underline-offset-2">
                Terms of Service
              </Link>{" "}
              and{" "}
              <Link to="/privacy" className="text-amber underline underline-offset-2">
                Privacy Policy
              </Link>
              . <span className="text-mist">(required)</span>
            </span>
          </label>
          {errors.termsAccepted ? (
            <p id={`${idOf("termsAccepted")}-error`} className="mt-2 text-sm text-danger">
              {errors.termsAccepted}
            </p>
          ) : null}
        </div>
        {/* Texts are optional, never a condition of the gift (docs/decisions/054). */}
        <label className="flex items-start gap-3 text-sm text-sand">
          <input type="checkbox" name="smsConsent" defaultChecked={prefill.texts} className="mt-1 size-4 shrink-0 accent-amber" />
          <span>{smsConsentWords}</span>
        </label>
      </div>

      {/* Before the page's script runs the button stays usable, so the form also works without it. Accepting is
          joining the list: the e-mail consent is said beside the button, not asked in a box (docs/decisions/054). */}
      <div className="space-y-2">
        <button type="submit" className="button-primary w-full" disabled={sending || (hydrated && !terms)} aria-describedby={`${fieldId}-joining`}>
          {sending ? "Creating Your Membership..." : "Accept Gift & Become a Member"}
        </button>
        <p id={`${fieldId}-joining`} className="text-center text-sm text-sand">
          {joiningEmailWords}
        </p>
      </div>
    </fetcher.Form>
  );
}

const benefits: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Music,
    title: `${GIFT_TRACK_COUNT} Unreleased Songs`,
    text: "Piano pieces from our gatherings that are not published anywhere else, yours to stream.",
  },
  {
    icon: Users,
    title: "Member Community",
    text: "Join people who come together around live piano, breath and stillness.",
  },
  {
    icon: CalendarHeart,
    title: "Early Access",
    text: "Hear about new gatherings first and reserve a place before anyone else.",
  },
];

export function Benefits() {
  return (
    <ul className="mt-10 grid gap-4 sm:grid-cols-3">
      {benefits.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-ember bg-umber/60 p-5">
          <Icon aria-hidden className="size-6 text-amber" />
          <h2 className="mt-3 text-xl text-ivory">{title}</h2>
          <p className="mt-2 text-sm text-sand">{text}</p>
        </li>
      ))}
    </ul>
  );
}

/** The spec's success screen; after 2 seconds the sign-in link takes the new member to their music. */
const REDIRECT_DELAY_MS = 2000;

export function Accepted({ loginLink }: { loginLink: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const destination = loginLink || "/meditation";
  useEffect(() => {
    heading.current?.focus();
    const timer = window.setTimeout(() => window.location.assign(destination), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [destination]);
  return (
    <PageFrame className="mx-auto max-w-2xl">
      <div className="rounded-3xl border border-ember bg-umber/80 p-7 text-center shadow-2xl shadow-black/50 sm:p-9" role="status">
        <p className="eyebrow">Membership complete</p>
        <h1 ref={heading} tabIndex={-1} className="mt-3 text-4xl text-ivory outline-none sm:text-5xl">
          {welcomeHeading}
        </h1>
        <p className="mt-5 text-lg text-sand">{invitationMessages.successText}</p>
        <p className="mt-8">
          <a href={destination} className="button-primary">
            Go to my music
          </a>
        </p>
      </div>
    </PageFrame>
  );
}
