import { Suspense, useEffect, useRef } from "react";
import { Await, data, Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { AuthCard, BannerSlot } from "#app/components/members/auth-card";
import { TextField } from "#app/components/ui/text-field";
import { useLazyFormValidation } from "#app/components/members/use-form-validation";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useHydrated } from "#app/lib/use-hydrated";
import { authHeaders } from "#app/routes/guards.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { readForm } from "#app/lib/form-data.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { authMessages } from "#app/modules/members";
import { isResetTokenUsable, resetPassword } from "#app/modules/members/index.server";
import { newPasswordSchema } from "#app/modules/members";
import { logFailure } from "#app/lib/log.server";

/** The spec's pause between 'Password updated!' and the login page. */
const REDIRECT_AFTER_RESET_MS = 1500;

type ResetActionData = { ok: true; message: string } | { ok: false; error?: string; fieldErrors?: Record<string, string> };

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Set a New Password", description: `Choose a new password for ${siteConfig.brand.name}.`, noIndex: true });

/** The link's token is checked while the page is already on its way ('Checking reset link…'). */
export function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = isResetTokenUsable(context.db, token).catch((error: unknown) => {
    logFailure("auth", "checking a reset link", error);
    return false;
  });
  return { token, usable };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const parsed = newPasswordSchema.safeParse(form);
  if (!parsed.success) return data<ResetActionData>({ ok: false, fieldErrors: firstErrorPerField(parsed.error.issues) }, 400);
  if (!form.token) return data<ResetActionData>({ ok: false, error: authMessages.resetLinkInvalid }, 400);
  const result = await resetPassword({
    token: form.token,
    newPassword: parsed.data.password,
    headers: authHeaders(request, context.clientIp),
    auth: context.auth,
  });
  if (!result.ok) return data<ResetActionData>({ ok: false, error: result.error }, 400);
  return data<ResetActionData>({ ok: true, message: authMessages.passwordUpdated });
}

const loadSchemaFor = () => import("#app/modules/members/schemas").then((rules) => () => rules.newPasswordSchema);

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as ResetActionData | undefined;
  // After a successful reset the token is used up: the outcome, not the link's state, is what shows.
  if (result?.ok) return <PasswordUpdated message={result.message} />;
  return (
    <Suspense fallback={<CheckingLink />}>
      <Await resolve={loaderData.usable} errorElement={<NoValidLink />}>
        {(usable) => (usable ? <NewPasswordForm token={loaderData.token} result={result} /> : <NoValidLink />)}
      </Await>
    </Suspense>
  );
}

function CheckingLink() {
  return (
    <AuthCard eyebrow="Password reset" title="Set a New Password">
      <p role="status" className="text-sand">
        Checking reset link…
      </p>
    </AuthCard>
  );
}

function NoValidLink() {
  return (
    <AuthCard eyebrow="Password reset" title="Open the link from your e-mail">
      <p className="text-sand">
        To set a new password, open this page from the link in the password reset e-mail we sent you. Each link works
        once, for one hour.
      </p>
      <Link to="/login" className="button-primary mt-6 w-full">
        Request a new link on the login page
      </Link>
    </AuthCard>
  );
}

function NewPasswordForm({ token, result }: { token: string; result: Extract<ResetActionData, { ok: false }> | undefined }) {
  const navigation = useNavigation();
  const bannerRef = useRef<HTMLDivElement>(null);
  const { errors, onSubmit, intentProps, attempt } = useLazyFormValidation(loadSchemaFor, result?.fieldErrors);
  const submitting = navigation.state === "submitting";
  const action = useErrorSummaryAction("reset-errors");

  useEffect(() => {
    // Field errors take the person to the first field (useLazyFormValidation); a refusal as a whole is the banner's.
    if (!result?.fieldErrors && result?.error) bannerRef.current?.focus();
  }, [result]);

  return (
    <AuthCard eyebrow="Password reset" title="Set a New Password">
      <BannerSlot ref={bannerRef} banner={result?.error ? { tone: "error", text: result.error } : null} spaced />
      <Form method="post" action={action} noValidate onSubmit={onSubmit} {...intentProps} className="space-y-5">
        <ErrorSummary key={attempt} id="reset-errors" errors={errors} fieldId={(field) => (field === "confirmPassword" ? "reset-confirm" : `reset-${field}`)} />
        <input type="hidden" name="token" value={token} />
        <TextField id="reset-password" name="password" type="password" label="New password" autoComplete="new-password" error={errors.password} />
        <TextField
          id="reset-confirm"
          name="confirmPassword"
          type="password"
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword}
        />
        <p className="text-sm text-mist">At least 8 characters. Changing it signs you out on every device.</p>
        <button type="submit" className="button-primary w-full" disabled={submitting}>
          {submitting ? "Updating..." : "Update Password"}
        </button>
      </Form>
    </AuthCard>
  );
}

function PasswordUpdated({ message }: { message: string }) {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const bannerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    bannerRef.current?.focus();
    const timer = setTimeout(() => navigate("/login", { replace: true }), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <AuthCard eyebrow="Password reset" title="Set a New Password">
      <BannerSlot ref={bannerRef} banner={{ tone: "success", text: message }} />
      {/* With JavaScript the page moves on by itself; without it, this is the way on. */}
      {hydrated ? null : (
        <Link to="/login" className="button-primary mt-6 w-full">
          Go to Log In
        </Link>
      )}
    </AuthCard>
  );
}
