import { useState } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { SubscriptionForm } from "#app/components/subscription-form";
import type { RootData } from "#app/lib/seo";
import { subscriptionMessages } from "#app/modules/community";

/** What the newsletter's forms share: idle, 'Submitting...', then 'Thank You!' or the error text. */
const newsletterForm = {
  action: "/newsletter",
  label: "Email address",
  submitLabel: "Subscribe",
  rowClassName: "flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row",
  successText: subscriptionMessages.newsletterSuccess,
  describedBy: "form",
} as const;

/** The newsletter page's form. */
export function NewsletterForm({ id = "newsletter", defaultEmail }: { id?: string; defaultEmail?: string }) {
  return <SubscriptionForm id={id} {...newsletterForm} defaultEmail={defaultEmail} />;
}

/**
 * The footer's newsletter form. Pressed before the page's scripts ran, it posts to /newsletter,
 * which sends the person back to this page (the path and query it names) with the outcome, shown
 * here as the spec's states say (routes/site/footer-newsletter.server.ts).
 */
export function FooterNewsletterForm() {
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData("root") as RootData | undefined;
  // Kept while the footer stays on screen: the root's data is read again after any form, the outcome is not.
  const [cameBack] = useState(() => root?.footerNewsletter ?? null);
  return (
    <SubscriptionForm id="newsletter" {...newsletterForm} noScriptResult={cameBack} returnTo={`${pathname}${search}`} />
  );
}
