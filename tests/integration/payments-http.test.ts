import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StripeFake } from "#tests/support/stripe-fake";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * POST /api/payments/stripe through the production build with Stripe configured against the
 * stand-in (issue 37): a signed event is applied once, a bad signature is 400, other methods 405,
 * an oversized body 413, and no junk gets a 5xx. Runs on the embedded database, and on PostgreSQL
 * with DATABASE_URL (the server makes its own database).
 */
describe("the Stripe webhook over HTTP", () => {
  const fake = new StripeFake();
  let server: TestServer;
  const webhook = () => `${server.url}/api/payments/stripe`;
  const post = (body: string, signature?: string) =>
    fetch(webhook(), { method: "POST", headers: { "Content-Type": "application/json", ...(signature === undefined ? {} : { "Stripe-Signature": signature }) }, body }).then(async (response) => ({
      status: response.status,
      text: await response.text(),
    }));
  const signed = (payload: string) => fake.client().webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });

  beforeAll(async () => {
    await fake.start();
    server = await startTestServer({ STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_BASE: fake.url });
    fake.webhookUrl = webhook();
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await fake.stop();
  });

  it("applies a signed event once: a session we opened (metadata ours) for a reservation unknown here", async () => {
    // A checkout whose row was never written: the webhook adopts it from its metadata; its reservation is not here.
    const session = await fake.client().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 6000, product_data: { name: "Contribution" } } }],
      customer_email: "http-guest@example.com",
      metadata: { harmonia_purpose: "contribution", harmonia_reservation_id: randomUUID(), harmonia_event_id: randomUUID(), harmonia_seats: "2", harmonia_payer_name: "Http Guest" },
      success_url: "http://127.0.0.1:1/paid",
    });
    await fake.pay(session.id);
    const completed = fake.events.find((event) => event.type === "checkout.session.completed" && (event.data.object as { id: string }).id === session.id)!;
    expect(fake.deliveries.filter((delivery) => delivery.eventId === completed.id)).toEqual([{ eventId: completed.id, status: 200 }]);
    const again = await post(JSON.stringify(completed), signed(JSON.stringify(completed)));
    expect(again).toEqual({ status: 200, text: "Already applied." });
    expect(await fake.redeliver(completed.id)).toBe(200);
    // Its reservation being unknown, the payment was refunded in full at once.
    await expect.poll(() => fake.refunds.filter((refund) => refund.payment_intent === fake.sessions.get(session.id)!.payment_intent).map((refund) => refund.amount)).toEqual([6000]);
  });

  it("a bad signature is 400, and the genuine event afterwards is still applied", async () => {
    const session = await fake.client().checkout.sessions.create({
      mode: "payment",
      line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: 3000, product_data: { name: "Other" } } }],
      success_url: "http://127.0.0.1:1/paid",
    });
    fake.holdWebhooks = true;
    await fake.pay(session.id);
    fake.holdWebhooks = false;
    const event = JSON.stringify(fake.events.at(-1)!);
    const wrong = fake.client().webhooks.generateTestHeaderString({ payload: event, secret: "whsec_not_ours_0123456789" });
    expect((await post(event, wrong)).status).toBe(400);
    expect((await post(event.replace('"amount_total":3000', '"amount_total":1'), signed(event))).status).toBe(400);
    expect((await post(event)).status).toBe(400);
    const stale = fake.client().webhooks.generateTestHeaderString({ payload: event, secret: fake.webhookSecret, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await post(event, stale)).status).toBe(400);
    // Not ours (no metadata): acknowledged once, then "Already applied".
    expect(await post(event, signed(event))).toEqual({ status: 200, text: "Applied." });
    expect(await post(event, signed(event))).toEqual({ status: 200, text: "Already applied." });
  });

  it("GET is 405; an oversized body 413; junk never 5xx", async () => {
    expect((await fetch(webhook())).status).toBe(405);
    const big = JSON.stringify({ id: "evt_big", type: "checkout.session.completed", data: { object: { id: "cs_test_big", padding: "x".repeat(300 * 1024) } } });
    expect((await post(big, signed(big))).status).toBe(413);
    const junk: Array<[string, string | undefined]> = [
      ["", undefined],
      ["", "t=1,v1=abc"],
      ["not json at all", `t=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`],
      ["not json at all", signed("not json at all")],
      ["{}", signed("{}")],
      ['{"id":"evt_q","type":"charge.refunded","data":{"object":null}}', signed('{"id":"evt_q","type":"charge.refunded","data":{"object":null}}')],
      ["\u0000\uffff", "garbage"],
    ];
    for (const [body, signature] of junk) {
      const answer = await post(body, signature);
      expect(answer.status, `${JSON.stringify(body)} → ${answer.status} ${answer.text}`).toBeLessThan(500);
      expect(answer.status).toBeGreaterThanOrEqual(400);
    }
    expect(server.output()).not.toContain(fake.secretKey);
    expect(server.output()).not.toContain(fake.webhookSecret);
  });
});
