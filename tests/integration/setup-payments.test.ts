import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STRIPE_WEBHOOK_EVENTS } from "#app/modules/system/index.server";
import { signInOverHttp } from "#tests/support/http-session";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { SmtpSink } from "#tests/support/smtp-sink";
import { StripeFake } from "#tests/support/stripe-fake";
import { stripeEnvFor, stripeTestKeys } from "#tests/support/stripe-test-keys";
import type { TestServer } from "#tests/support/test-server";

/**
 * /admin/setup's contributions (issue 37), over HTTP against the production build: with Stripe, its
 * mode, the webhook URL and the events to enter in Stripe's dashboard, and the refund rule, never a
 * key; without Stripe, the fixed link. Each event the page lists is one the webhook applies. Runs on
 * the embedded database, and on PostgreSQL with DATABASE_URL.
 */
const stamp = Date.now().toString(36);
const admin = `setup-admin-${stamp}@example.com`;

async function setupPage(server: TestServer, sink: SmtpSink): Promise<string> {
  const cookie = await signInOverHttp(server.url, sink, admin);
  const response = await fetch(`${server.url}/admin/setup`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  // The page's words as a reader sees them (React's text nodes may be split by comments).
  return (await response.text()).replace(/<!-- -->/g, "");
}

describe("/admin/setup with Stripe configured", () => {
  const stripeFake = new StripeFake(stripeTestKeys.secretKey, stripeTestKeys.webhookSecret);
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    await stripeFake.start();
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: admin, ...stripeEnvFor(stripeFake.url) }));
  });

  afterAll(async () => {
    await stopServerWithMail(server, sink);
    await stripeFake.stop();
  });

  it("says Stripe is in test mode, what to enter in its dashboard and the refund rule, and shows no key", async () => {
    const html = await setupPage(server, sink);
    expect(html).toContain("Contributions");
    expect(html).toContain("Stripe configured in test mode");
    expect(html).toMatch(/http:\/\/localhost:\d+\/api\/payments\/stripe/);
    for (const event of STRIPE_WEBHOOK_EVENTS) expect(html).toContain(event);
    expect(html).toContain("at least 48 hours before the event");
    expect(html).not.toContain(stripeTestKeys.secretKey);
    expect(html).not.toContain(stripeTestKeys.webhookSecret);
    expect(html).not.toMatch(/sk_test_|whsec_/);
  });

  it("lists only events the webhook applies", async () => {
    const signer = new Stripe("sk_test_signer_only");
    const post = async (type: string, object: object) => {
      const payload = JSON.stringify({ id: `evt_setup_${type.replace(/\W/g, "_")}_${stamp}`, object: "event", type, livemode: false, created: Math.floor(Date.now() / 1000), data: { object } });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: stripeTestKeys.webhookSecret });
      const response = await fetch(`${server.url}/api/payments/stripe`, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload });
      return { status: response.status, text: await response.text() };
    };
    // A session and a charge none of our payments knows: applied as nothing (the charge asked again later), never ignored.
    for (const type of STRIPE_WEBHOOK_EVENTS) {
      const object = type.startsWith("checkout.session.")
        ? { object: "checkout.session", id: `cs_test_setup_${stamp}`, status: "complete", payment_status: "unpaid", amount_total: 0, currency: "usd", metadata: {} }
        : { object: "charge", id: `ch_setup_${stamp}`, payment_intent: `pi_setup_${stamp}`, amount: 3000, amount_refunded: 3000 };
      const answer = await post(type, object);
      expect(answer.text, type).not.toBe("Not an event we apply.");
      expect([200, 409], type).toContain(answer.status);
    }
    expect((await post("customer.created", { object: "customer", id: `cus_${stamp}` })).text).toBe("Not an event we apply.");
  });
});

describe("/admin/setup without Stripe", () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: admin,
      CONTRIBUTION_URL: "https://pay.example/harmonia-contribution",
      CONTRIBUTION_REFUND_POLICY: "never",
    }));
  });

  afterAll(async () => {
    await stopServerWithMail(server, sink);
  });

  it("says contributions go through the fixed link and staff record payments by hand", async () => {
    const html = await setupPage(server, sink);
    expect(html).toContain("Stripe is not configured");
    expect(html).toContain("https://pay.example/harmonia-contribution");
    expect(html).toContain("staff record payments by hand");
    expect(html).toContain("Kept when a guest cancels");
    expect(html).toContain("STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
  });
});
