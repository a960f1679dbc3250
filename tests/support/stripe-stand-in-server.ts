/**
 * The Stripe stand-in for the browser tests, run as its own process by Playwright: the site's Stripe
 * SDK talks to it (STRIPE_API_BASE), a guest's browser pays on its hosted page, and it sends the
 * signed events to the site's webhook. Port: E2E_STRIPE_PORT; the site: E2E_SITE_URL.
 */
import { StripeFake } from "./stripe-fake";
import { stripeTestKeys } from "./stripe-test-keys";

const port = Number(process.env.E2E_STRIPE_PORT ?? 4177);
const site = process.env.E2E_SITE_URL ?? "http://127.0.0.1:4173";

const stripe = new StripeFake(stripeTestKeys.secretKey, stripeTestKeys.webhookSecret);
stripe.webhookUrl = `${site}/api/payments/stripe`;
await stripe.start(port);
console.log(`[stripe stand-in] listening on ${stripe.url}, sending events to ${stripe.webhookUrl}`);
