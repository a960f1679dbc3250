import { data } from "react-router";
import type { Route } from "./+types/join";
import { CommunitySignupForm } from "#app/components/community/community-signup-form";
import { ambientVideo } from "#app/components/media/ambient-video";
import { BackgroundVideo } from "#app/components/media/background-video";
import { authHeaders } from "#app/routes/guards.server";
import { readForm } from "#app/lib/form-data.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { communitySignupSchema, validateCommunitySignup } from "#app/modules/community";
import {
  communitySignupMessages,
  typedValues,
  type CommunityJoinOutcome,
  type SignInLinkResendOutcome,
} from "#app/modules/community";
import { joinCommunity } from "#app/modules/community/index.server";
import { requestSignInLink } from "#app/modules/members/index.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { logFailure } from "#app/lib/log.server";

export const headers: Route.HeadersFunction = passRetryAfter;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Join Our Community",
    description: `Join the ${siteConfig.brand.name} community: early access to gatherings and unreleased piano music.`,
  });

/**
 * The community form posts here from every page that shows it (intent "join"), and so does the
 * welcome screen's resend button (intent "resend"); without JavaScript this page shows the outcome.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const client = {
    key: context.clientKey,
    headers: authHeaders(request, context.clientIp),
    auth: context.auth,
    rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER,
  };

  if (form.intent === "resend") {
    const email = communitySignupSchema.shape.email.safeParse(form.email);
    const answer = (outcome: SignInLinkResendOutcome, status = 200) => data(outcome, status);
    if (!email.success) return answer({ intent: "resend", email: form.email ?? "", resent: false, error: communitySignupMessages.resendFailed }, 400);
    const sent = await requestSignInLink(context.db, { email: email.data, purpose: "sign-in", next: "/welcome", client }).catch(
      (error: unknown) => {
        logFailure("community", "resending a sign-in link", error);
        return null;
      },
    );
    if (!sent) return answer({ intent: "resend", email: email.data, resent: false, error: communitySignupMessages.resendFailed }, 503);
    if (!sent.sent) return answer({ intent: "resend", email: email.data, resent: false, error: sent.message }, 429);
    return answer({ intent: "resend", email: email.data, resent: true });
  }

  const values = typedValues(form);
  const checked = validateCommunitySignup(form);
  const refuse = (errors: Extract<CommunityJoinOutcome, { ok: false }>["errors"], status: number, headers?: HeadersInit) =>
    data<CommunityJoinOutcome>({ intent: "join", ok: false, errors, values }, { status, headers });
  if (!checked.ok) return refuse(checked.errors, 400);
  const joined = await joinCommunity(context.db, { signup: checked.signup, client });
  if (!joined.joined && "reason" in joined) {
    return refuse({ email: joined.message }, 429, tooManyAttemptsInit(joined.retryAfterSeconds).headers);
  }
  if (!joined.joined) return refuse({ email: communitySignupMessages.failure }, 503);
  return data<CommunityJoinOutcome>({ intent: "join", ok: true, email: checked.signup.email });
}

/** A lost connection shows the form's failure text (or the resend's) instead of breaking the page. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const form = Object.fromEntries(await request.clone().formData());
  try {
    return await serverAction();
  } catch {
    if (form.intent === "resend") {
      return { intent: "resend", email: String(form.email ?? ""), resent: false, error: communitySignupMessages.resendFailed } as const;
    }
    return {
      intent: "join",
      ok: false,
      errors: { email: communitySignupMessages.failure },
      values: typedValues(form),
    } as const;
  }
}

export default function JoinPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="relative isolate min-h-[calc(100svh-var(--header-height))] overflow-hidden">
      <BackgroundVideo
        className="absolute inset-0 -z-20 h-full w-full object-cover opacity-60"
        poster={ambientVideo.poster}
        sources={ambientVideo.sources}
      />
      <div aria-hidden className="absolute inset-0 -z-10 bg-gradient-to-b from-night/50 via-night/70 to-night" />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-5 py-20 sm:px-8 sm:py-28 lg:grid-cols-2">
        <div>
          <p className="eyebrow">{siteConfig.brand.memberProgramName}</p>
          <h1 className="mt-5 text-5xl text-ivory sm:text-6xl">Join Our Community</h1>
          <p className="mt-6 max-w-xl text-lg text-sand sm:text-xl">
            Hear about new gatherings before anyone else and listen to piano music that has not been released anywhere.
            Leave your details and we will e-mail you a link to sign in; no password needed.
          </p>
        </div>
        <div className="rounded-3xl border border-ember bg-umber/85 p-7 shadow-2xl shadow-black/50 sm:p-9">
          <CommunitySignupForm id="join" source="join" offerResend headingLevel={2} outcome={actionData} />
        </div>
      </div>
    </section>
  );
}
