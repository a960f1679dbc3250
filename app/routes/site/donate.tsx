import { data, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/members/auth-card";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { TextField } from "#app/components/ui/text-field";
import { readForm } from "#app/lib/form-data.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { GIFT_MAX_DOLLARS, GIFT_MIN_DOLLARS, GIFT_SUGGESTED_DOLLARS, giftSchema, type GiftField } from "#app/modules/payments";
import { startGiftCheckout } from "#app/modules/payments/index.server";
import { newSubmissionKey } from "#app/modules/reservations";
import type { Route } from "./+types/donate";

/**
 * /donate: a one-off gift through Stripe's hosted checkout (issue 37), when Stripe is configured and
 * DONATE_URL is not set (the Donate link then leads here). A plain form: it posts as a document, and
 * the answer is a redirect to Stripe's page, so it works the same without JavaScript.
 */
export const headers: Route.HeadersFunction = (args) => ({ ...passRetryAfter(args), "Cache-Control": "private, no-store" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Donate", description: `A gift keeps ${siteConfig.brand.name}'s evenings of live piano open to everyone.` });

export function loader({ context }: Route.LoaderArgs) {
  // Without Stripe there is no checkout to open: the spec's donation link does the work.
  if (!context.payments) throw redirect(context.env.DONATE_URL ?? siteConfig.donationUrl);
  return { submissionKey: newSubmissionKey() };
}

type Answer = { error?: string; fieldErrors?: Partial<Record<GiftField, string>>; values: Record<GiftField, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = { name: form.name ?? "", email: form.email ?? "", amount: form.amount ?? "" };
  const parsed = giftSchema.safeParse(form);
  if (!parsed.success) {
    const { submissionKey, ...fieldErrors } = firstErrorPerField(parsed.error.issues);
    return data<Answer>({ values, ...(Object.keys(fieldErrors).length ? { fieldErrors } : { error: submissionKey }) }, { status: 400 });
  }
  const publicUrl = context.env.PUBLIC_URL;
  const outcome = await startGiftCheckout(context.db, context.payments, {
    name: parsed.data.name,
    email: parsed.data.email,
    amountDollars: parsed.data.amount,
    submissionKey: parsed.data.submissionKey,
    client: { key: context.clientKey, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER },
    returnUrls: { success: `${publicUrl}/donate/thanks?session_id={CHECKOUT_SESSION_ID}`, cancel: `${publicUrl}/donate` },
    now: context.now(),
  });
  if (outcome.ok) return redirect(outcome.url, 303);
  if (outcome.reason === "too-many-attempts") return data<Answer>({ values, error: outcome.message }, tooManyAttemptsInit(outcome.retryAfterSeconds));
  return data<Answer>({ values, error: outcome.message }, { status: outcome.reason === "not-configured" ? 404 : 503 });
}

export default function Donate({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const action = useErrorSummaryAction("donate-errors");
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.values;
  return (
    <AuthCard
      eyebrow="Donate"
      title="Give to the music"
      intro={`Every gift, from $${GIFT_MIN_DOLLARS}, keeps the piano tuned and the evenings open to everyone, whatever they can contribute.`}
    >
      {/* A document post: its answer is a redirect to Stripe's page, which only a full navigation follows. */}
      <form method="post" action={action} noValidate className="space-y-5">
        <ErrorSummary id="donate-errors" errors={errors} message={actionData?.error} fieldId={(field: GiftField) => `donate-${field}`} />
        <input type="hidden" name="submissionKey" value={loaderData.submissionKey} />
        <TextField id="donate-name" name="name" label="Name" type="text" autoComplete="name" required defaultValue={values?.name} error={errors.name} />
        <TextField id="donate-email" name="email" label="Email" type="email" autoComplete="email" placeholder="you@example.com" required defaultValue={values?.email} error={errors.email} hint="Your receipt goes here." />
        <TextField
          id="donate-amount"
          name="amount"
          label={`Amount in dollars ($${GIFT_MIN_DOLLARS} to $${GIFT_MAX_DOLLARS.toLocaleString("en-US")})`}
          type="number"
          inputMode="numeric"
          min={GIFT_MIN_DOLLARS}
          max={GIFT_MAX_DOLLARS}
          step={1}
          required
          defaultValue={values?.amount || String(GIFT_SUGGESTED_DOLLARS)}
          error={errors.amount}
        />
        <button type="submit" className="button-primary w-full" disabled={navigation.state !== "idle"}>
          Donate
        </button>
        <p className="text-sm text-mist">Paid securely on Stripe&rsquo;s page. We never see your card.</p>
      </form>
    </AuthCard>
  );
}
