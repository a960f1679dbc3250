import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { AuthCard, FormBanner } from "#app/components/members/auth-card";
import { readForm } from "#app/lib/form-data.server";
import { pageMeta } from "#app/lib/seo";
import { siteConfig } from "#app/lib/site-config";
import { findUnsubscribeTarget, resubscribe, unsubscribe } from "#app/modules/campaigns/index.server";

/**
 * The unsubscribe link of every campaign e-mail. GET only asks (a scanner changes nothing); the
 * button POSTs. A mail client's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`, no
 * cookies, possibly from another origin: server/same-origin.ts lets this path through) lands in the
 * same action and answers 200 with the page, never a redirect. Re-subscribing is only ever this
 * page's explicit button.
 */
export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Unsubscribe", description: `E-mail from ${siteConfig.brand.name}.`, noIndex: true });

const invalidLink = "This unsubscribe link is not complete. Please use the link in one of our e-mails, or write to us.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const target = await findUnsubscribeTarget(context.db, token);
  return { token, target: target ? { email: target.email, unsubscribed: target.unsubscribed } : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const form = await readForm(request);
  const oneClick = form["List-Unsubscribe"] === "One-Click";
  const target =
    form.intent === "resubscribe" && !oneClick
      ? await resubscribe(context.db, token)
      : await unsubscribe(context.db, token, oneClick ? "one-click" : "link");
  return { done: target ? { email: target.email, unsubscribed: target.unsubscribed } : null };
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const target = actionData ? actionData.done : loaderData.target;
  if (!target) {
    return (
      <AuthCard eyebrow="E-mail" title="Unsubscribe">
        <FormBanner tone="error">{invalidLink}</FormBanner>
      </AuthCard>
    );
  }
  const action = `/unsubscribe?token=${encodeURIComponent(loaderData.token)}`;
  if (target.unsubscribed) {
    return (
      <AuthCard eyebrow="E-mail" title="You are unsubscribed">
        {actionData ? <FormBanner tone="success">{`${target.email} will get no more campaign e-mails from us.`}</FormBanner> : null}
        <p className="mt-4 text-sand">
          {actionData ? "" : `${target.email} gets no campaign e-mails from us. `}
          Sign-in links and reservation e-mails you ask for still arrive. Changed your mind?
        </p>
        <Form method="post" action={action} className="mt-6">
          <input type="hidden" name="intent" value="resubscribe" />
          <button type="submit" className="button-secondary w-full" disabled={busy}>
            Re-subscribe
          </button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard eyebrow="E-mail" title={actionData ? "Welcome back" : "Unsubscribe?"}>
      {actionData ? <FormBanner tone="success">{`${target.email} will hear from us again.`}</FormBanner> : null}
      <p className="mt-4 text-sand">{`Stop campaign e-mails to ${target.email}? Sign-in links and reservation e-mails are not affected.`}</p>
      <Form method="post" action={action} className="mt-6">
        <input type="hidden" name="intent" value="unsubscribe" />
        <button type="submit" className="button-primary w-full" disabled={busy}>
          Unsubscribe
        </button>
      </Form>
    </AuthCard>
  );
}
