import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/campaign-link";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { readForm } from "#app/lib/form-data.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { campaignLandingPath, campaignLinkState, redeemCampaignLink } from "#app/modules/campaigns/index.server";
import { authMessages } from "#app/modules/members";
import { emailOnlySchema } from "#app/modules/members";
import { requestSignInLink } from "#app/modules/members/index.server";
import { createSignInLink } from "#app/modules/members/index.server";
import { authHeaders } from "#app/routes/guards.server";
import { signInWithLinkToken } from "./sign-in-with-link.server";

/**
 * Where a campaign e-mail's personal link lands. Opening it (as every mail scanner does) only
 * shows a button; pressing it uses the link once, counts the click, makes the person a member if
 * they are not one yet, signs them in and takes them to the music with rid and campaign, so what
 * they play is attributed. A used or expired link offers a fresh sign-in link by e-mail.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Your music", description: `Continue to ${siteConfig.brand.name}.`, noIndex: true });

type ActionData = { offer: true; error?: string; sent?: string; email?: string; fieldErrors?: Record<string, string> };

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, state: await campaignLinkState(context.db, token) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const env = context.env;
  if (form.intent === "fresh-link") {
    const parsed = emailOnlySchema.safeParse(form);
    if (!parsed.success) {
      return data<ActionData>({ offer: true, email: form.email ?? "", fieldErrors: firstErrorPerField(parsed.error.issues) }, 400);
    }
    const client = { key: context.clientKey, headers: authHeaders(request, context.clientIp), auth: context.auth, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER };
    const result = await requestSignInLink(context.db, { email: parsed.data.email, purpose: "sign-in", next: "/meditation", client });
    if (!result.sent) return data<ActionData>({ offer: true, email: parsed.data.email, error: result.message }, tooManyAttemptsInit(result.retryAfterSeconds));
    return data<ActionData>({ offer: true, sent: authMessages.signInLinkSent });
  }

  const used = await redeemCampaignLink(context.db, form.token ?? "");
  if (!used) return data<ActionData>({ offer: true, error: authMessages.signInLinkInvalid });
  const landing = campaignLandingPath(used);
  // The person proved control of the address by opening this e-mail: a one-off sign-in token for
  // better-auth, used at once, signs them in (and makes them a member on first use).
  const link = await createSignInLink(context.db, { email: used.email, name: used.name ?? undefined, next: landing, publicUrl: env.PUBLIC_URL });
  const headers = await signInWithLinkToken(request, context, new URL(link).searchParams.get("token") ?? "", landing);
  if (!headers) return data<ActionData>({ offer: true, error: authMessages.signInLinkInvalid });
  return redirect(landing, { headers });
}

export default function CampaignLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // The fresh-link form's error summary and focus (decision 055).
  const formRef = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(actionData?.fieldErrors ? actionData : undefined, actionData?.fieldErrors, formRef);
  const action = useErrorSummaryAction("fresh-link-errors");
  if (actionData?.offer || loaderData.state !== "usable") {
    return (
      <AuthCard eyebrow="Your link" title="This link no longer works">
        {actionData?.sent ? (
          <FormBanner tone="success">{actionData.sent}</FormBanner>
        ) : (
          <>
            <FormBanner tone="error">{actionData?.error ?? authMessages.signInLinkInvalid}</FormBanner>
            <Form ref={formRef} method="post" action={action} noValidate className="mt-6 space-y-4">
              <ErrorSummary key={attempt} id="fresh-link-errors" errors={actionData?.fieldErrors} fieldId={() => "fresh-link-email"} />
              <input type="hidden" name="intent" value="fresh-link" />
              <div>
                <label htmlFor="fresh-link-email" className="block text-sm text-sand">
                  Your e-mail address
                </label>
                <input
                  id="fresh-link-email"
                  name="email"
                  type="email"
                  autoComplete="email"
                  required
                  defaultValue={actionData?.email ?? ""}
                  aria-invalid={actionData?.fieldErrors?.email ? true : undefined}
                  aria-describedby={actionData?.fieldErrors?.email ? "fresh-link-email-error" : undefined}
                  className="input-field mt-1.5 w-full"
                />
                {actionData?.fieldErrors?.email ? (
                  <p id="fresh-link-email-error" className="mt-1 text-sm text-danger">
                    {actionData.fieldErrors.email}
                  </p>
                ) : null}
              </div>
              <button type="submit" className="button-primary w-full" disabled={busy}>
                {busy ? "Sending..." : "E-mail me a fresh link"}
              </button>
            </Form>
          </>
        )}
      </AuthCard>
    );
  }
  return (
    <AuthCard eyebrow="Your link" title={`Welcome to ${siteConfig.brand.name}`} intro="Press the button to sign in and listen.">
      <Form method="post">
        <input type="hidden" name="intent" value="continue" />
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          {busy ? "Signing in..." : "Continue"}
        </button>
      </Form>
      <p className="mt-5 text-sm text-mist">The link works once and signs you in on this device.</p>
    </AuthCard>
  );
}
