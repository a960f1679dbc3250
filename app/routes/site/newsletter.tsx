import { Link, redirect } from "react-router";
import { NewsletterForm } from "#app/components/layout/newsletter-form";
import { pageMeta } from "#app/lib/seo";
import { subscriptionMessages } from "#app/modules/community";
import type { Route } from "./+types/newsletter";
import { handleSubscription } from "./subscription-action.server";
import { passRetryAfter } from "#app/lib/retry-after-header";
import { readForm } from "#app/lib/form-data.server";
import { FOOTER_NEWSLETTER_ANCHOR, footerOutcomeCookie, footerReturnPath } from "./footer-newsletter.server";

/** The newsletter form posts here; without JavaScript this page shows the outcome. */
export const headers: Route.HeadersFunction = passRetryAfter;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const answer = await handleSubscription(form, "newsletter", context);
  // The footer's form pressed before the page's scripts ran: back to the page it was on, where the footer shows the outcome.
  const back = footerReturnPath(form.returnTo, context.env.PUBLIC_URL);
  if (!back) return answer;
  const secure = context.env.PUBLIC_URL.startsWith("https://");
  return redirect(`${back}#${FOOTER_NEWSLETTER_ANCHOR}`, { headers: { "Set-Cookie": footerOutcomeCookie(answer.data, secure) } });
}

/** A lost connection shows the form's error text instead of breaking the page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, error: subscriptionMessages.failure, email: "" };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Newsletter", description: "Subscribe to the Harmonia newsletter.", noIndex: true });

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-5 py-24">
      <h1 className="text-4xl text-ivory">Newsletter</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-6 text-lg text-amber">
          {actionData.message}
        </p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-sand">New gatherings and music from the piano, about once a month.</p>
          {actionData && !actionData.ok ? (
            <p role="alert" className="mb-6 text-danger">
              {actionData.error}
            </p>
          ) : null}
          <NewsletterForm id="newsletter-page" defaultEmail={actionData && !actionData.ok ? actionData.email : undefined} />
        </>
      )}
      <Link to="/" className="button-secondary mt-10">
        Back to Home
      </Link>
    </section>
  );
}
