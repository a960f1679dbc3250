import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { AuthCard, BannerSlot } from "#app/components/members/auth-card";
import { TextField } from "#app/components/ui/text-field";
import { useLazyFormValidation } from "#app/components/members/use-form-validation";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useHydrated } from "#app/lib/use-hydrated";
import { authHeaders } from "#app/routes/guards.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { readForm } from "#app/lib/form-data.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { SIGNED_IN_PATH } from "#app/modules/members";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { authMessages } from "#app/modules/members";
import { logInWithPassword } from "#app/modules/members/index.server";
import { emailOnlySchema, passwordSignInSchema } from "#app/modules/members";
import { requestPasswordResetLink } from "#app/modules/members/index.server";
import { requestSignInLink } from "#app/modules/members/index.server";
import { passRetryAfter, tooManyAttemptsInit } from "#app/lib/retry-after-header";
import { cookieHeaders } from "./auth-action.server";
import { deliverabilityMessages } from "#app/modules/deliverability";
import { logFailure } from "#app/lib/log.server";

/** How long 'Login successful!' shows before the member is taken on. */
const SUCCESS_PAUSE_MS = 1000;

type Intent = "password" | "link" | "forgot";

type LoginActionData =
  | { ok: true; intent: Intent; message: string; next?: string }
  | { ok: false; intent: Intent; email: string; error?: string; fieldErrors?: Record<string, string> };

// Indexed: people look for the members' way in by name, and the page holds nothing private
// (decision 034). A `?next=` address is the same page: the canonical link drops it.
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Log In", description: `Log in to your ${siteConfig.brand.name} account.` });

export const headers: Route.HeadersFunction = passRetryAfter;

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // better-auth brings a confirmed address back here; a spoilt link comes back with `error`.
  const verified = url.searchParams.has("verified");
  return {
    next: safeRedirectPath(url.searchParams.get("next"), context.env.PUBLIC_URL, ""),
    notice: !verified
      ? null
      : url.searchParams.has("error")
        ? { tone: "error" as const, text: authMessages.emailVerificationFailed }
        : { tone: "success" as const, text: authMessages.emailVerified },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent: Intent = form.intent === "link" || form.intent === "forgot" ? form.intent : "password";
  const email = form.email ?? "";
  const failed = (fields: { error?: string; fieldErrors?: Record<string, string> }, init: number | ResponseInit) =>
    data<LoginActionData>({ ok: false, intent, email, ...fields }, init);

  const parsed = (intent === "password" ? passwordSignInSchema : emailOnlySchema).safeParse(form);
  if (!parsed.success) return failed({ fieldErrors: firstErrorPerField(parsed.error.issues) }, 400);
  const address = parsed.data.email;
  const env = context.env;
  const client = { key: context.clientKey, headers: authHeaders(request, context.clientIp), auth: context.auth, rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER };

  try {
    if (intent === "forgot") {
      const result = await requestPasswordResetLink(context.db, { email: address, client });
      if (!result.ok) return failed({ error: result.error }, tooManyAttemptsInit(result.retryAfterSeconds));
      return data<LoginActionData>({ ok: true, intent, message: authMessages.resetLinkRequested });
    }

    if (intent === "link") {
      const next = safeRedirectPath(form.next, env.PUBLIC_URL, SIGNED_IN_PATH);
      const result = await requestSignInLink(context.db, { email: address, purpose: "sign-in", next, client });
      if (!result.sent) return failed({ error: result.message }, tooManyAttemptsInit(result.retryAfterSeconds));
      if (result.hardBouncedBefore) return failed({ error: deliverabilityMessages.hardBounced }, 200);
      return data<LoginActionData>({ ok: true, intent, message: authMessages.signInLinkSent });
    }

    const result = await logInWithPassword(context.db, { email: address, password: form.password ?? "", client });
    if (!result.ok) return failed({ error: result.error }, "retryAfterSeconds" in result ? tooManyAttemptsInit(result.retryAfterSeconds) : 400);
    // Members go to / (the spec); staff on to their own pages.
    const next = safeRedirectPath(form.next, env.PUBLIC_URL, `${SIGNED_IN_PATH}?member=/`);
    // Without JavaScript nothing could show the message and move on later: go straight there.
    if (!form.enhanced) return redirect(next, { headers: cookieHeaders(result.cookies) });
    return data<LoginActionData>(
      { ok: true, intent, message: authMessages.loginSuccessful, next },
      { headers: cookieHeaders(result.cookies) },
    );
  } catch (error) {
    logFailure("auth", `the login page's ${intent} request`, error);
    const message = intent === "link" ? serverMessage(error) ?? authMessages.signInLinkFailed : authMessages.loginFailed;
    return failed({ error: message }, 503);
  }
}

/** The message better-auth gave a refused request, when it gave one meant for people. */
function serverMessage(error: unknown): string | undefined {
  const body = (error as { body?: { message?: unknown } } | null)?.body;
  return typeof body?.message === "string" && body.message ? body.message : undefined;
}

const loadSchemaFor = () =>
  import("#app/modules/members/schemas").then(
    (rules) => (intent: string) => (intent === "link" || intent === "forgot" ? rules.emailOnlySchema : rules.passwordSignInSchema),
  );

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const bannerRef = useRef<HTMLDivElement>(null);
  const result = actionData as LoginActionData | undefined;
  const { errors, onSubmit, intentProps, attempt } = useLazyFormValidation(loadSchemaFor, result?.ok === false ? result.fieldErrors : undefined);
  const pendingIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const signedIn = result?.ok === true && result.intent === "password";
  const action = useErrorSummaryAction("login-errors");

  useEffect(() => {
    // Field errors take the person to the first field (useLazyFormValidation); any other answer is the banner's.
    if (!result || (result.ok === false && result.fieldErrors)) return;
    bannerRef.current?.focus();
  }, [result]);

  // A press elsewhere during the pause (Logout in the header, a link) is the person's choice:
  // the pause's own move would interrupt it, so it waits while anything else is under way and is
  // dropped once the person has gone elsewhere.
  const busy = navigation.state !== "idle";
  useEffect(() => {
    if (!signedIn || !result.next || busy) return;
    const timer = setTimeout(() => navigate(result.next ?? "/", { replace: true }), SUCCESS_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [signedIn, result, navigate, busy]);

  const banner = result ? (result.ok ? { tone: "success" as const, text: result.message } : result.error ? { tone: "error" as const, text: result.error } : null) : loaderData.notice;

  return (
    <AuthCard eyebrow="Members" title="Log In" intro="Log in with your password, or let us e-mail you a sign-in link.">
      <BannerSlot ref={bannerRef} banner={banner} spaced />
      <Form method="post" action={action} noValidate onSubmit={onSubmit} {...intentProps} className="space-y-5">
        <ErrorSummary key={attempt} id="login-errors" errors={errors} fieldId={(field) => `login-${field}`} />
        {loaderData.next ? <input type="hidden" name="next" value={loaderData.next} /> : null}
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <TextField
          id="login-email"
          name="email"
          type="email"
          label="Email address"
          autoComplete="email"
          defaultValue={result?.ok === false ? result.email : undefined}
          error={errors.email}
        />
        <TextField id="login-password" name="password" type="password" label="Password" autoComplete="current-password" error={errors.password} />
        {/* The first submit button is the one Enter presses: it must be the password login. */}
        <button type="submit" name="intent" value="password" className="button-primary w-full" disabled={pendingIntent !== null || signedIn}>
          {pendingIntent === "password" ? "Logging in..." : "Log In"}
        </button>
        <div className="flex justify-end">
          <button
            type="submit"
            name="intent"
            value="forgot"
            className="text-sm text-amber underline-offset-4 hover:underline disabled:opacity-60"
            disabled={pendingIntent !== null}
          >
            {pendingIntent === "forgot" ? "Sending reset link..." : "Forgot password?"}
          </button>
        </div>
        <div className="flex items-center gap-3 text-xs tracking-[0.2em] text-mist uppercase" aria-hidden>
          <span className="h-px flex-1 bg-sand/20" />
          or
          <span className="h-px flex-1 bg-sand/20" />
        </div>
        <button type="submit" name="intent" value="link" className="button-secondary w-full" disabled={pendingIntent !== null}>
          {pendingIntent === "link" ? "Sending..." : "Send me a sign-in link"}
        </button>
      </Form>
      <div className="mt-8 flex flex-col items-center gap-3 text-sm">
        <Link to="/signup" className="text-amber underline-offset-4 hover:underline">
          Need an account? Sign Up
        </Link>
        <Link to="/" className="text-sand underline-offset-4 hover:underline">
          Back to Home
        </Link>
      </div>
    </AuthCard>
  );
}
