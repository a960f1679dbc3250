import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/signup";
import { AuthCard, BannerSlot } from "#app/components/members/auth-card";
import { TextField } from "#app/components/ui/text-field";
import { useLazyFormValidation } from "#app/components/members/use-form-validation";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { authHeaders } from "#app/routes/guards.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { readForm } from "#app/lib/form-data.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { authMessages } from "#app/modules/members";
import { signUpMember } from "#app/modules/members/index.server";
import { signUpSchema } from "#app/modules/members";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { logFailure } from "#app/lib/log.server";

type SignUpActionData =
  | { ok: true; message: string }
  | { ok: false; name: string; email: string; error?: string; fieldErrors?: Record<string, string> };

// Indexed: people look for the members' way in by name, and the page holds nothing private
// (decision 034). A `?next=` address is the same page: the canonical link drops it.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign Up", description: `Create your ${siteConfig.brand.name} member account.` });

export const headers: Route.HeadersFunction = passRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const failed = (fields: { error?: string; fieldErrors?: Record<string, string> }, init: number | ResponseInit) =>
    data<SignUpActionData>({ ok: false, name: form.name ?? "", email: form.email ?? "", ...fields }, init);

  const parsed = signUpSchema.safeParse(form);
  if (!parsed.success) return failed({ fieldErrors: firstErrorPerField(parsed.error.issues) }, 400);
  const { name, email, password } = parsed.data;
  try {
    const client = { key: context.clientKey, headers: authHeaders(request, context.clientIp), auth: context.auth, rateLimitMultiplier: context.env.RATE_LIMIT_MULTIPLIER };
    const result = await signUpMember(context.db, { name, email, password, client });
    if (!result.ok) return failed({ error: result.error }, "retryAfterSeconds" in result ? tooManyAttemptsInit(result.retryAfterSeconds) : 503);
    // The same answer whether or not the address already had an account.
    return data<SignUpActionData>({ ok: true, message: authMessages.signUpCheckInbox });
  } catch (error) {
    logFailure("auth", "the sign-up page's request", error);
    return failed({ error: authMessages.signUpFailed }, 503);
  }
}

const loadSchemaFor = () => import("#app/modules/members/schemas").then((rules) => () => rules.signUpSchema);

const signupFieldIds: Record<string, string> = { name: "signup-name", email: "signup-email", password: "signup-password", confirmPassword: "signup-confirm" };

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const bannerRef = useRef<HTMLDivElement>(null);
  const result = actionData as SignUpActionData | undefined;
  const { errors, onSubmit, intentProps, attempt } = useLazyFormValidation(loadSchemaFor, result?.ok === false ? result.fieldErrors : undefined);
  const submitting = navigation.state === "submitting";
  const action = useErrorSummaryAction("signup-errors");

  useEffect(() => {
    // Field errors take the person to the first field (useLazyFormValidation); any other answer is the banner's.
    if (!result || (result.ok === false && result.fieldErrors)) return;
    bannerRef.current?.focus();
  }, [result]);

  if (result?.ok) {
    return (
      <AuthCard eyebrow="Members" title="Check your inbox">
        <BannerSlot ref={bannerRef} banner={{ tone: "success", text: result.message }} />
        <p className="mt-6 text-sm text-mist">The link works for one hour. If it does not arrive, look in your spam folder.</p>
        <Link to="/login" className="button-primary mt-6 w-full">
          Go to Log In
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard eyebrow="Members" title="Sign Up" intro="Create a member account with a password. We will e-mail you a link to confirm your address.">
      <BannerSlot ref={bannerRef} banner={result?.error ? { tone: "error", text: result.error } : null} spaced />
      <Form method="post" action={action} noValidate onSubmit={onSubmit} {...intentProps} className="space-y-5">
        <ErrorSummary key={attempt} id="signup-errors" errors={errors} fieldId={(field) => signupFieldIds[field]} />
        <TextField id="signup-name" name="name" label="Name" autoComplete="name" defaultValue={result?.name} error={errors.name} />
        <TextField
          id="signup-email"
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          defaultValue={result?.email}
          error={errors.email}
        />
        <TextField id="signup-password" name="password" type="password" label="Password" autoComplete="new-password" error={errors.password} />
        <TextField
          id="signup-confirm"
          name="confirmPassword"
          type="password"
          label="Confirm password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <p className="text-sm text-mist">At least 8 characters.</p>
        <button type="submit" className="button-primary w-full" disabled={submitting}>
          {submitting ? "Signing up..." : "Sign Up"}
        </button>
      </Form>
      <p className="mt-8 text-center text-sm">
        <Link to="/login" className="text-amber underline-offset-4 hover:underline">
          Already have an account? Log In
        </Link>
      </p>
    </AuthCard>
  );
}
