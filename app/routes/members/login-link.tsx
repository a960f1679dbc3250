import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-link";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { signInWithLinkToken } from "./sign-in-with-link.server";
import { readForm } from "#app/lib/form-data.server";
import { safeRedirectPath } from "#app/lib/safe-redirect";
import { SIGNED_IN_PATH } from "#app/modules/members";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { authMessages } from "#app/modules/members";

/**
 * Where an e-mailed sign-in link lands. Opening it (as a mail scanner does) changes nothing; the
 * token is used only when the person presses the button, which posts it back here.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Sign in", description: `Finish signing in to ${siteConfig.brand.name}.`, noIndex: true });

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", next: safeRedirectPath(url.searchParams.get("next"), context.env.PUBLIC_URL, SIGNED_IN_PATH) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const next = safeRedirectPath(form.next, context.env.PUBLIC_URL, SIGNED_IN_PATH);
  if (!form.token) return { error: authMessages.signInLinkInvalid };
  const headers = await signInWithLinkToken(request, context, form.token, next);
  if (!headers) return { error: authMessages.signInLinkInvalid };
  return redirect(next, { headers });
}

export default function LoginLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle";
  if (actionData?.error || !loaderData.token) {
    return (
      <AuthCard eyebrow="Sign-in link" title="This link no longer works">
        <FormBanner tone="error">{actionData?.error ?? authMessages.signInLinkInvalid}</FormBanner>
        <p className="mt-6">
          <Link to="/login" className="button-primary w-full">
            Get a new sign-in link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      eyebrow="Sign-in link"
      title={`Welcome to ${siteConfig.brand.name}`}
      intro="Press the button to finish signing in on this device."
    >
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="next" value={loaderData.next} />
        <button type="submit" className="button-primary w-full" disabled={signingIn}>
          {signingIn ? "Signing in..." : "Sign in"}
        </button>
      </Form>
      <p className="mt-5 text-sm text-mist">The link works once, within 15 minutes of being sent.</p>
    </AuthCard>
  );
}
