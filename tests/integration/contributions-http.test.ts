import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugForEvent } from "#app/modules/events/event-slug";
import { contributionMessages, giftMessages } from "#app/modules/payments";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import { decodedBody, linkIn, waitForMail, type SmtpSink } from "#tests/support/smtp-sink";
import { StripeFake } from "#tests/support/stripe-fake";
import { stripeEnvFor, stripeTestKeys } from "#tests/support/stripe-test-keys";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * A guest's contribution over HTTP, as a browser without JavaScript does it, against the production
 * build, its demo calendar and the Stripe stand-in (issue 37): the reservation form's per-seat amount,
 * "Pay my contribution" after reserving, Stripe's hosted page, the webhook, the page Stripe sends the
 * guest back to, the receipt, the e-mail's contribution link, and a cancellation that refunds.
 */
describe("contributions over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stripe = new StripeFake(stripeTestKeys.secretKey, stripeTestKeys.webhookSecret);
  let slug: string;

  beforeAll(async () => {
    await stripe.start();
    ({ server, sink } = await startServerWithMail({ RATE_LIMIT_MULTIPLIER: "50", ...stripeEnvFor(stripe.url) }));
    stripe.webhookUrl = `${server.url}/api/payments/stripe`;
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    // The demo's "Candlelight Piano Meditation" is six days away: well before the refund cut-off.
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)![1]!;
  });
  afterAll(async () => {
    await stopServerWithMail(server, sink);
    await stripe.stop();
  });

  const post = (path: string, fields: Record<string, string>) =>
    fetch(path.startsWith("http") ? path : `${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const unescape = (html: string) => html.replace(/&amp;/g, "&");

  async function reserve(email: string, seats: string, contribution: string) {
    const response = await post(`/events/${slug}/reserve`, { name: "Ada Lovelace", email, seats, contribution });
    return { status: response.status, html: unescape(await response.text()) };
  }

  it("reserves 2 seats at $30, pays $60 on Stripe's page, and the return page, the webhook and the receipt agree", async () => {
    const { status, html } = await reserve("ada.pays@example.com", "2", "30");
    expect(status).toBe(200);
    expect(html).toContain("Pay my contribution ($60 for 2 seats)");
    const payPath = /action="(\/reservations\/contribution\?token=[^"]+)"/.exec(html)?.[1];
    expect(payPath).toBeDefined();

    const toCheckout = await post(payPath!, { intent: "pay" });
    expect(toCheckout.status).toBe(303);
    const checkoutUrl = toCheckout.headers.get("location")!;
    expect(checkoutUrl.startsWith(`${stripe.url}/checkout/`)).toBe(true);
    const session = stripe.sessions.get(checkoutUrl.split("/").pop()!)!;
    // The amount is the server's: 2 seats × $30, for this guest, naming the reservation.
    expect(session.amount_total).toBe(6000);
    expect(session.customer_email).toBe("ada.pays@example.com");
    expect(session.client_reference_id).toMatch(/^[0-9a-f-]{36}$/);

    // A second press goes to the same checkout: one session at Stripe.
    const again = await post(payPath!, { intent: "pay" });
    expect(again.headers.get("location")).toBe(checkoutUrl);
    expect(stripe.sessions.size).toBe(1);

    // The guest pays on the hosted page; Stripe sends them back and signs its event to the webhook.
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("location")!);
    expect(`${back.pathname}${back.search}`).toBe(`/reservations/contribution/done?session_id=${session.id}`);
    expect(stripe.deliveries.at(-1)).toMatchObject({ status: 200 });
    const done = await fetch(`${server.url}${back.pathname}${back.search}`).then((response) => response.text());
    expect(done).toContain("Thank you for your contribution");
    expect(done).toContain("Your contribution of $60");

    const receipt = await waitFor(() => sink.received.find((mail) => mail.subject.startsWith("Thank you for your contribution")));
    expect(decodedBody(receipt)).toContain("$60");
    expect(decodedBody(receipt)).toContain("Candlelight Piano Meditation");

    // The link after reserving now says it is paid, and pays nothing twice.
    const page = unescape(await fetch(`${server.url}${payPath}`).then((response) => response.text()));
    expect(page).toContain("Paid $60 by card");
    const twice = await post(payPath!, { intent: "pay" });
    expect(twice.status).toBe(409);
    expect(stripe.sessions.size).toBe(1);
  });

  it("pays later from the confirmation e-mail's link, with another amount within the range; refuses one outside it", async () => {
    const email = "grace.later@example.com";
    expect((await reserve(email, "1", "20")).status).toBe(200);
    const confirmation = await waitForMail(sink, email);
    expect(decodedBody(confirmation)).toContain("Your contribution: $20 for 1 seat");
    const link = linkIn(confirmation, "/reservations/contribution?token=");
    const token = new URL(link).searchParams.get("token")!;
    const view = await fetch(link).then((response) => response.text());
    expect(view).toContain("Pay your contribution");
    expect(view).toContain("Unpaid: $20 expected");

    const tooMuch = await post("/reservations/contribution", { token, perSeat: "400" });
    expect(tooMuch.status).toBe(400);
    expect(unescape(await tooMuch.text())).toContain(contributionMessages.perSeat);
    const before = stripe.sessions.size;
    expect(before).toBeGreaterThan(0);

    const toCheckout = await post("/reservations/contribution", { token, perSeat: "35" });
    expect(toCheckout.status).toBe(303);
    const session = stripe.sessions.get(toCheckout.headers.get("location")!.split("/").pop()!)!;
    expect(session.amount_total).toBe(3500);
    expect(stripe.sessions.size).toBe(before + 1);
  });

  it("refuses a link that is not a guest's (404), and a forged session on the return page says nothing is paid", async () => {
    const forged = await post("/reservations/contribution", { token: "A".repeat(43), perSeat: "30" });
    expect(forged.status).toBe(410);
    const page = await fetch(`${server.url}/reservations/contribution?token=${"B".repeat(43)}`);
    expect(page.status).toBe(404);
    const back = await fetch(`${server.url}/reservations/contribution/done?session_id=cs_test_forged`).then((response) => response.text());
    expect(back).toContain("We could not find this payment");
  });

  it("cancelling three days or more before refunds the contribution automatically, and the page said so before the press", async () => {
    const email = "ada.cancels@example.com";
    const { html } = await reserve(email, "2", "30");
    const payPath = /action="(\/reservations\/contribution\?token=[^"]+)"/.exec(html)![1]!;
    const cancelPath = /href="(\/reservations\/cancel\?token=[^"]+)"/.exec(html)![1]!;
    const checkoutUrl = (await post(payPath, { intent: "pay" })).headers.get("location")!;
    await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
    const refundsBefore = stripe.refunds.length;

    const cancelPage = unescape(await fetch(`${server.url}${cancelPath}`).then((response) => response.text()));
    expect(cancelPage).toContain("You paid a contribution of $60. Cancelling now, at least 48 hours before the event, refunds it to your card automatically.");
    const token = new URL(cancelPath, server.url).searchParams.get("token")!;
    const cancelled = unescape(await post(cancelPath, { token, seats: "all" }).then((response) => response.text()));
    expect(cancelled).toContain("Your contribution of $60 is being refunded to your card");
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 6000 });
    const mail = await waitFor(() => sink.received.find((message) => message.subject.startsWith("Reservation cancelled") && message.to.includes(email)));
    expect(decodedBody(mail)).toContain("is being refunded to your card");
  });

  it("answers a webhook with a bad signature 400 and a GET 405", async () => {
    const bad = await fetch(`${server.url}/api/payments/stripe`, { method: "POST", headers: { "Stripe-Signature": "t=1,v1=00" }, body: "{}" });
    expect(bad.status).toBe(400);
    expect((await fetch(`${server.url}/api/payments/stripe`)).status).toBe(405);
  });

  describe("a one-off gift through /donate (Stripe configured, DONATE_URL unset)", () => {
    it("leads the Donate link to /donate, keeps what was typed on a refusal, and opens one checkout per form", async () => {
      const home = await fetch(server.url).then((response) => response.text());
      expect(home).toMatch(/<a[^>]+href="\/donate"[^>]*>Donate/);
      const page = await fetch(`${server.url}/donate`).then((response) => response.text());
      const submissionKey = /name="submissionKey" value="([0-9a-f-]{36})"/.exec(page)![1]!;

      const refused = await post("/donate", { name: "Grace Giver", email: "grace.gives@example.com", amount: "2", submissionKey });
      expect(refused.status).toBe(400);
      const html = unescape(await refused.text());
      expect(html).toContain(giftMessages.amount);
      expect(html).toContain('value="grace.gives@example.com"');

      const before = stripe.sessions.size;
      const toCheckout = await post("/donate", { name: "Grace Giver", email: "grace.gives@example.com", amount: "75", submissionKey });
      expect(toCheckout.status).toBe(303);
      const checkoutUrl = toCheckout.headers.get("location")!;
      const again = await post("/donate", { name: "Grace Giver", email: "grace.gives@example.com", amount: "75", submissionKey });
      expect(again.headers.get("location")).toBe(checkoutUrl);
      expect(stripe.sessions.size).toBe(before + 1);
      const session = stripe.sessions.get(checkoutUrl.split("/").pop()!)!;
      expect(session.amount_total).toBe(7500);
      expect(session.client_reference_id).toBeNull();

      const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", redirect: "manual" });
      const back = new URL(paid.headers.get("location")!);
      expect(back.pathname).toBe("/donate/thanks");
      const thanks = await fetch(`${server.url}${back.pathname}${back.search}`).then((response) => response.text());
      expect(thanks).toContain("Your gift of $75 is received.");
      const receipt = await waitForMail(sink, "grace.gives@example.com");
      expect(receipt.subject).toBe("Thank you for your gift");
      expect(decodedBody(receipt)).toContain("Thank you for your gift of $75.");
    });
  });
});
