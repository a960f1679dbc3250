import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/invitation";
import { AcceptanceForm, Accepted, Benefits, type AcceptanceResult } from "#app/components/members/invitation-acceptance";
import { FormBanner } from "#app/components/members/auth-card";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { acceptanceFormValues, acceptancePayload } from "#app/modules/invitations";
import { getAttendeeData } from "#app/modules/invitations/index.server";
import { invitationFailures } from "#app/modules/invitations";
import { GIFT_TRACK_COUNT, invitationMessages } from "#app/modules/invitations";
import { defaultCommunicationPreference } from "#app/modules/invitations";
import { isPossibleRid, MAX_RID_LENGTH } from "#app/modules/invitations";
import { submitAcceptance } from "./invitation-acceptance.server";
import { logFailure } from "#app/lib/log.server";
import { PageFrame } from "#app/components/ui/page-hero";
import { orElse } from "#app/lib/or-else";

/**
 * /invitation?rid=…&campaign=…&email=…: an invitee completes their membership and is taken to
 * their music. Open to visitors (the rid is the proof); `campaign` is read by nobody.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Complete Your Membership",
    description: `Accept your gift of unreleased songs and become a ${siteConfig.brand.name} member.`,
    noIndex: true,
  });

/** What the link's e-mail parameter says, decoded once more if a mail client encoded it twice. */
function emailFromAddress(params: URLSearchParams): string {
  const raw = params.get("email")?.trim() ?? "";
  try {
    return decodeURIComponent(raw).slice(0, 254);
  } catch {
    return raw.slice(0, 254);
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rid = params.get("rid")?.trim().slice(0, MAX_RID_LENGTH) ?? "";
  // Not a rid we could have issued (a control character): not an invitation page to prefill.
  if (rid && !isPossibleRid(rid)) throw data(invitationMessages.notFound, { status: 404 });
  const withoutData = { state: "form" as const, rid, prefill: { email: emailFromAddress(params) }, defaultPreference: defaultCommunicationPreference([]) };
  if (!rid) return withoutData;
  const result = await getAttendeeData(context.db, rid).catch((error: unknown) => {
    logFailure("invitations", "reading an invitation for the page", error);
    return null;
  });
  if (!result) return withoutData;
  if (result.ok) {
    const { eventHistory, ...prefill } = result.attendee;
    return { state: "form" as const, rid, prefill, defaultPreference: defaultCommunicationPreference(eventHistory) };
  }
  // An unknown rid still gets the form, prefilled from the address; sending it says what is wrong.
  if (result.reason === "not-found") return withoutData;
  return { state: result.reason, message: invitationFailures[result.reason].message };
}

type ActionResult = AcceptanceResult;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(orElse(new FormData(), "a body that is no form is checked as an empty one, which the schema refuses"));
  const values = acceptanceFormValues(form);
  const outcome = await submitAcceptance(acceptancePayload(values), context);
  if ("loginLink" in outcome) return data<ActionResult>({ ok: true, loginLink: outcome.loginLink });
  return data<ActionResult>({ ok: false, error: outcome.error, fieldErrors: outcome.fieldErrors, values }, { status: outcome.status });
}

/** A lost connection is the spec's 'Failed to complete membership signup', not a broken page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  try {
    return (await serverAction()) as ActionResult;
  } catch {
    return { ok: false, error: invitationMessages.signupFailed };
  }
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<ActionResult>();
  const result = fetcher.data ?? (actionData as ActionResult | undefined);

  // After acceptance the page's data is read again and shows the invitation as accepted; the
  // success screen comes first.
  if (result?.ok) return <Accepted loginLink={result.loginLink} />;

  if (loaderData.state !== "form") {
    return (
      <PageFrame className="mx-auto max-w-2xl">
        <div className="rounded-3xl border border-ember bg-umber/80 p-7 text-center shadow-2xl shadow-black/50 sm:p-9">
          <p className="eyebrow">Your invitation</p>
          <h1 className="mt-3 text-4xl text-ivory">Complete Your Membership</h1>
          <div className="mt-6 text-left">
            <FormBanner tone="error">{loaderData.message}</FormBanner>
          </div>
          <p className="mt-7">
            {loaderData.state === "accepted" ? (
              <Link to="/login" className="button-primary">
                Log in
              </Link>
            ) : (
              <a href={`mailto:${siteConfig.contact.email}`} className="button-primary">
                Write to {siteConfig.contact.email}
              </a>
            )}
          </p>
        </div>
      </PageFrame>
    );
  }

  return (
    <PageFrame className="mx-auto max-w-2xl">
      <div className="rounded-3xl border border-ember bg-umber/80 p-7 shadow-2xl shadow-black/50 sm:p-9">
        <p className="eyebrow">A gift for you</p>
        <h1 className="mt-3 text-4xl text-ivory sm:text-5xl">Complete Your Membership</h1>
        <p className="mt-4 text-sand">
          You are invited to receive {GIFT_TRACK_COUNT} unreleased songs, recorded at the piano and never published.
          Tell us a little about yourself to become a {siteConfig.brand.name} member and start listening.
        </p>
        <AcceptanceForm
          key={result && !result.ok && result.values ? "after-error" : "fresh"}
          fetcher={fetcher}
          rid={loaderData.rid}
          prefill={result && !result.ok && result.values ? result.values : loaderData.prefill}
          defaultPreference={loaderData.defaultPreference}
          serverError={result && !result.ok ? result : undefined}
        />
      </div>
      <Benefits />
    </PageFrame>
  );
}
