import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { StripeFake } from "#tests/support/stripe-fake";

/**
 * The Stripe stand-in the contribution tests run against (issue 37), driven by the official SDK as
 * the product will drive it: what it answers must be what Stripe answers, or those tests prove
 * nothing. Webhook events reach a small endpoint here that checks them with the SDK's own
 * `webhooks.constructEvent`, as the product's endpoint will.
 */

const stripeFake = new StripeFake();
let stripe: Stripe;
let endpoint: Server;
const received: Array<{ verified: Stripe.Event | undefined; error?: string }> = [];

const checkout = (reference: string, unitAmount = 3000, quantity = 2) => ({
  mode: "payment" as const,
  line_items: [{ price_data: { currency: "usd", unit_amount: unitAmount, product_data: { name: "Contribution" } }, quantity }],
  client_reference_id: reference,
  customer_email: "ada@example.com",
  metadata: { reservation_id: reference },
  success_url: "http://127.0.0.1:1/paid?session={CHECKOUT_SESSION_ID}",
  cancel_url: "http://127.0.0.1:1/cancelled",
});

beforeAll(async () => {
  await stripeFake.start();
  stripe = stripeFake.client();
  endpoint = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    try {
      received.push({ verified: stripe.webhooks.constructEvent(body, String(request.headers["stripe-signature"]), stripeFake.webhookSecret) });
      response.writeHead(200).end();
    } catch (error) {
      received.push({ verified: undefined, error: error instanceof Error ? error.message : String(error) });
      response.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  stripeFake.webhookUrl = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/api/payments/stripe`;
});

afterAll(async () => {
  await stripeFake.stop();
  await new Promise<void>((resolve) => endpoint.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  stripeFake.holdWebhooks = false;
});

describe("the Stripe stand-in, through the official SDK", () => {
  it("creates a Checkout Session with the amount from the line items, and finds it again by id and by status", async () => {
    const session = await stripe.checkout.sessions.create(checkout("res-1"));
    expect(session).toMatchObject({ object: "checkout.session", mode: "payment", status: "open", payment_status: "unpaid", amount_total: 6000, currency: "usd", client_reference_id: "res-1", metadata: { reservation_id: "res-1" } });
    expect(session.url).toBe(`${stripeFake.url}/checkout/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    const open = await stripe.checkout.sessions.list({ status: "open", limit: 100 });
    expect(open.data.map((candidate) => candidate.id)).toContain(session.id);
  });

  it("keeps idempotency keys as Stripe does: the same answer again, or an error for other parameters", async () => {
    const first = await stripe.checkout.sessions.create(checkout("res-2"), { idempotencyKey: "contribution:res-2:6000" });
    const again = await stripe.checkout.sessions.create(checkout("res-2"), { idempotencyKey: "contribution:res-2:6000" });
    expect(again.id).toBe(first.id);
    const other = stripe.checkout.sessions.create(checkout("res-2", 4000), { idempotencyKey: "contribution:res-2:6000" });
    await expect(other).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it("refuses a wrong key, an unknown session and a too-small amount with Stripe's errors", async () => {
    await expect(stripeFake.client("sk_test_wrong_key_000000").checkout.sessions.create(checkout("res-3"))).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    const missing = await stripe.checkout.sessions.retrieve("cs_test_nothing").catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ code: "resource_missing", statusCode: 404 });
    await expect(stripe.checkout.sessions.create(checkout("res-3", 10, 1))).rejects.toMatchObject({ code: "amount_too_small" });
  });

  it("pays through the hosted page and signs checkout.session.completed as Stripe does", async () => {
    const session = await stripe.checkout.sessions.create(checkout("res-4"));
    const page = await fetch(session.url!);
    expect(await page.text()).toContain("Pay 60.00 USD");
    const paid = await fetch(`${session.url}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("location")).toBe(`http://127.0.0.1:1/paid?session=${session.id}`);

    expect(received).toHaveLength(1);
    expect(received[0]!.verified).toMatchObject({ type: "checkout.session.completed", data: { object: { id: session.id, payment_status: "paid", client_reference_id: "res-4" } } });
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: "complete", payment_status: "paid" });
    expect(after.payment_intent).toMatch(/^pi_/);
  });

  it("a delayed payment completes unpaid, then settles with its own event; a held-back event can be delivered later, twice", async () => {
    const session = await stripe.checkout.sessions.create(checkout("res-5"));
    await stripeFake.pay(session.id, { delayed: true });
    stripeFake.holdWebhooks = true;
    await stripeFake.settleAsyncPayment(session.id, "succeeded");
    expect(received.map((event) => event.verified?.type)).toEqual(["checkout.session.completed"]);
    expect(received[0]!.verified?.data.object).toMatchObject({ payment_status: "unpaid" });

    const held = stripeFake.events.at(-1)!;
    expect(held.type).toBe("checkout.session.async_payment_succeeded");
    expect(await stripeFake.redeliver(held.id)).toBe(200);
    expect(await stripeFake.redeliver(held.id)).toBe(200);
    expect(received.slice(1).map((event) => event.verified?.id)).toEqual([held.id, held.id]);
  });

  it("refunds in part and then the rest, sends charge.refunded each time, and refuses more than was paid", async () => {
    const session = await stripe.checkout.sessions.create(checkout("res-6"));
    const intent = String((await stripeFake.pay(session.id)).payment_intent);
    received.length = 0;

    const half = await stripe.refunds.create({ payment_intent: intent, amount: 3000 }, { idempotencyKey: `refund:${intent}:3000` });
    expect(half).toMatchObject({ object: "refund", amount: 3000, status: "succeeded" });
    await expect(stripe.refunds.create({ payment_intent: intent, amount: 5000 })).rejects.toMatchObject({ param: "amount" });
    const rest = await stripe.refunds.create({ payment_intent: intent });
    expect(rest.amount).toBe(3000);
    await expect(stripe.refunds.create({ payment_intent: intent })).rejects.toMatchObject({ code: "charge_already_refunded" });

    await expect.poll(() => received.length).toBe(2);
    expect(received.map((event) => event.verified?.data.object)).toEqual([
      expect.objectContaining({ amount_refunded: 3000, refunded: false }),
      expect.objectContaining({ amount_refunded: 6000, refunded: true }),
    ]);
  });

  it("a signature made with another secret does not verify", async () => {
    const payload = JSON.stringify({ id: "evt_forged", object: "event", type: "checkout.session.completed", data: { object: {} } });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" });
    const status = await fetch(stripeFake.webhookUrl!, { method: "POST", headers: { "Stripe-Signature": forged }, body: payload }).then((response) => response.status);
    expect(status).toBe(400);
    expect(received[0]!.error).toMatch(/signature/i);
  });
});
