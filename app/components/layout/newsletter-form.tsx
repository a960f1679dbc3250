import { SubscriptionForm } from "~/components/subscription-form";
import { subscriptionMessages } from "~/modules/community";

/** The footer's newsletter form: idle, 'Submitting...', then 'Thank You!' or the error text. */
export function NewsletterForm({ id = "newsletter", defaultEmail }: { id?: string; defaultEmail?: string }) {
  return (
    <SubscriptionForm
      id={id}
      action="/newsletter"
      label="Email address"
      submitLabel="Subscribe"
      rowClassName="flex flex-col gap-3 sm:flex-row lg:flex-col xl:flex-row"
      successText={subscriptionMessages.newsletterSuccess}
      describedBy="form"
      defaultEmail={defaultEmail}
    />
  );
}
