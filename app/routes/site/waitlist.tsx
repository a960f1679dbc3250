import { Link } from "react-router";
import { WaitlistForm } from "#app/components/waitlist-form";
import { pageMeta } from "#app/lib/seo";
import { subscriptionMessages } from "#app/modules/community";
import type { Route } from "./+types/waitlist";
import { handleSubscription } from "./subscription-action.server";
import { passRetryAfter } from "#app/lib/retry-after-header";
import { readForm } from "#app/lib/form-data.server";

/** The launch waitlist forms post here; without JavaScript this page shows the outcome. */
export const headers: Route.HeadersFunction = passRetryAfter;

export const action = async ({ request, context }: Route.ActionArgs) => handleSubscription(await readForm(request), "waitlist", context);

/** A lost connection shows the form's error text instead of breaking the page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  try {
    return await serverAction();
  } catch {
    return { ok: false as const, error: subscriptionMessages.failure, email: "" };
  }
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Launch waitlist",
    description: "Hear first when our guided meditation platform opens.",
    noIndex: true,
  });

export default function WaitlistPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-xl px-5 py-24">
      <h1 className="text-4xl text-ivory">Guided meditations are coming</h1>
      {actionData?.ok ? (
        <p role="status" className="mt-6 text-lg text-amber">
          {actionData.message}
        </p>
      ) : (
        <>
          <p className="mt-4 mb-8 text-sand">Leave your e-mail and we will tell you the day it opens.</p>
          <WaitlistForm
            id="waitlist-page"
            source="meditations"
            defaultEmail={actionData && !actionData.ok ? actionData.email : undefined}
            noScriptError={actionData && !actionData.ok ? actionData.error : undefined}
          />
        </>
      )}
      <Link to="/meditations" className="button-secondary mt-10">
        Back to Meditations
      </Link>
    </section>
  );
}
