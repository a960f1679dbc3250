/** The keys the tests give the site and the Stripe stand-in (test keys of no Stripe account). */
export const stripeTestKeys = { secretKey: "sk_test_harmonia_0123456789", webhookSecret: "whsec_harmonia_test_0123456789" } as const;

/** The site's settings that point its Stripe SDK at a stand-in listening at `url`. */
export function stripeEnvFor(url: string) {
  return { STRIPE_SECRET_KEY: stripeTestKeys.secretKey, STRIPE_WEBHOOK_SECRET: stripeTestKeys.webhookSecret, STRIPE_API_BASE: url };
}
