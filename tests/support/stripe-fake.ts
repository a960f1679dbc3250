import { createHash, randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { LocalStandIn } from "./local-stand-in";
import qs from "qs";
import Stripe from "stripe";

/**
 * A local HTTP server that speaks the part of Stripe's API the contributions use (issue 37),
 * standing in for Stripe, which these machines cannot reach. The official `stripe` SDK talks to it
 * unchanged (its `host`, `port` and `protocol` options; `sdkOptions()`), so a test drives the SDK's
 * real request encoding, errors and idempotency headers:
 *
 * - Checkout Sessions: create (payment mode, `line_items[].price_data`), retrieve, list by status.
 * - Refunds: create, fully or in part, against a paid session's payment intent.
 * - Idempotency keys as Stripe keeps them: the same key with the same parameters answers the first
 *   answer again (`Idempotent-Replayed: true`); with other parameters, an `idempotency_error`.
 * - Stripe's error shape (`{ error: { type, code, message, param } }`) and statuses (400, 401, 404).
 * - A stand-in hosted checkout page (`session.url`): its Pay button completes the payment (or, for
 *   a delayed method, leaves it processing), its Cancel link goes back to `cancel_url`.
 * - Webhook events (`checkout.session.completed`, `…async_payment_succeeded/failed`, `…expired`,
 *   `charge.refunded`), POSTed to `webhookUrl` signed as Stripe signs them
 *   (`stripe.webhooks.generateTestHeaderString` with the endpoint's secret). A test may hold them
 *   back (a lost webhook), send one twice, or in another order.
 */
export class StripeFake extends LocalStandIn {
  readonly sessions = new Map<string, Stripe.Checkout.Session>();
  readonly refunds: Stripe.Refund[] = [];
  /** Every event made, in order, whether delivered or held back. */
  readonly events: Stripe.Event[] = [];
  /** The events' deliveries: the event id and the endpoint's HTTP status (0: no answer). */
  readonly deliveries: { eventId: string; status: number }[] = [];
  /** Where events are sent; unset, they are only kept in `events`. */
  webhookUrl: string | undefined;
  /** While true, events are made and kept but not sent (a webhook Stripe never delivered). */
  holdWebhooks = false;
  private readonly idempotency = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  private readonly refundedByIntent = new Map<string, number>();
  private readonly signer = new Stripe("sk_test_signer_only");

  constructor(
    readonly secretKey = "sk_test_harmonia_0123456789",
    readonly webhookSecret = "whsec_harmonia_test_0123456789",
  ) {
    super("Stripe");
  }

  /** The options that point the official SDK at this stand-in. */
  sdkOptions(): Stripe.StripeConfig {
    const { port } = new URL(this.url);
    return { host: "127.0.0.1", port, protocol: "http", maxNetworkRetries: 0 };
  }

  /** An SDK client of this stand-in, with its key (or another, to see a refusal). */
  client(key = this.secretKey): Stripe {
    return new Stripe(key, this.sdkOptions());
  }

  /**
   * Pays a session as the hosted page's Pay button does: `paid` at once (a card), or `processing`
   * first (a bank debit), settled later by `settleAsyncPayment`. Returns the completed session.
   */
  async pay(sessionId: string, options: { delayed?: boolean } = {}): Promise<Stripe.Checkout.Session> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}`);
    session.status = "complete";
    session.payment_intent = `pi_${token()}`;
    session.payment_status = options.delayed ? "unpaid" : "paid";
    await this.emit("checkout.session.completed", session);
    return session;
  }

  /** Settles a delayed payment: succeeded (`paid`) or failed. */
  async settleAsyncPayment(sessionId: string, outcome: "succeeded" | "failed"): Promise<void> {
    const session = this.sessions.get(sessionId)!;
    if (outcome === "succeeded") session.payment_status = "paid";
    await this.emit(`checkout.session.async_payment_${outcome}`, session);
  }

  /** Expires an open session, as Stripe does 24 hours after it was made (`checkout.session.expired`). */
  async expire(sessionId: string): Promise<void> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.status !== "open") throw new Error(`Session ${sessionId} is ${session.status}`);
    session.status = "expired";
    await this.emit("checkout.session.expired", session);
  }

  /** Sends an event already made (a second delivery, or one held back) to the endpoint again. */
  async redeliver(eventId: string): Promise<number> {
    const event = this.events.find((candidate) => candidate.id === eventId);
    if (!event) throw new Error(`No event ${eventId}`);
    return this.deliver(event);
  }

  private async emit(type: string, object: object): Promise<Stripe.Event> {
    const event = {
      id: `evt_${token()}`,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    } as unknown as Stripe.Event;
    this.events.push(event);
    if (!this.holdWebhooks) await this.deliver(event);
    return event;
  }

  private async deliver(event: Stripe.Event): Promise<number> {
    if (!this.webhookUrl) return 0;
    const payload = JSON.stringify(event);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret: this.webhookSecret });
    const status = await fetch(this.webhookUrl, { method: "POST", headers: { "Content-Type": "application/json", "Stripe-Signature": signature }, body: payload })
      .then((response) => response.status)
      .catch(() => 0);
    this.deliveries.push({ eventId: event.id, status });
    return status;
  }

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${token()}`, ...headers });
      response.end(JSON.stringify(body));
    };
    const refuse = (status: number, type: string, message: string, extra: Record<string, string> = {}) => answer(status, { error: { type, message, ...extra } });
    try {
      const url = new URL(request.url ?? "/", this.url);
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks).toString("utf8");

      if (url.pathname === "/healthz") {
        response.writeHead(200, { "Content-Type": "text/plain" });
        return void response.end("ok");
      }
      // The stand-in hosted page: not the API, no key.
      const page = /^\/checkout\/(cs_test_\w+)(\/pay|\/delayed)?$/.exec(url.pathname);
      if (page) {
        await this.hostedPage(request.method ?? "GET", page[1]!, page[2], response);
        return;
      }

      if (request.headers.authorization !== `Bearer ${this.secretKey}`) {
        const given = (request.headers.authorization ?? "").replace(/^Bearer /, "");
        return refuse(401, "invalid_request_error", `Invalid API Key provided: ${given.slice(0, 8)}${"*".repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`);
      }
      const params = qs.parse(request.method === "GET" ? url.search.slice(1) : raw, { depth: 5, arrayLimit: 100 }) as Record<string, unknown>;

      const key = request.headers["idempotency-key"];
      const fingerprint = createHash("sha256").update(`${request.method} ${url.pathname} ${raw}`).digest("hex");
      if (typeof key === "string" && request.method === "POST") {
        const earlier = this.idempotency.get(key);
        if (earlier && earlier.fingerprint !== fingerprint) {
          return refuse(400, "idempotency_error", `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`);
        }
        if (earlier) return answer(earlier.status, earlier.body, { "Idempotent-Replayed": "true" });
      }
      const [status, body] = this.route(request.method ?? "GET", url.pathname, params);
      if (typeof key === "string" && request.method === "POST" && status < 500) this.idempotency.set(key, { fingerprint, status, body });
      return answer(status, body);
    } catch (error) {
      return refuse(500, "api_error", error instanceof Error ? error.message : "stand-in failure");
    }
  }

  private route(method: string, path: string, params: Record<string, unknown>): [number, unknown] {
    const error = (status: number, type: string, message: string, extra: Record<string, string> = {}): [number, unknown] => [status, { error: { type, message, ...extra } }];
    if (method === "POST" && path === "/v1/checkout/sessions") return this.createSession(params, error);
    const one = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path);
    if (method === "GET" && one) {
      const session = this.sessions.get(one[1]!);
      return session ? [200, session] : error(404, "invalid_request_error", `No such checkout.session: '${one[1]}'`, { code: "resource_missing", param: "session" });
    }
    if (method === "GET" && path === "/v1/checkout/sessions") {
      const status = typeof params.status === "string" ? params.status : undefined;
      const data = [...this.sessions.values()].filter((session) => !status || session.status === status).reverse();
      const limit = Math.min(100, Number(params.limit ?? 10) || 10);
      return [200, { object: "list", data: data.slice(0, limit), has_more: data.length > limit, url: "/v1/checkout/sessions" }];
    }
    if (method === "POST" && path === "/v1/refunds") return this.createRefund(params, error);
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(params: Record<string, unknown>, error: (status: number, type: string, message: string, extra?: Record<string, string>) => [number, unknown]): [number, unknown] {
    if (params.mode !== "payment") return error(400, "invalid_request_error", "This stand-in takes `mode: payment` only.", { param: "mode" });
    type LineItem = { price_data?: { unit_amount?: unknown; currency?: unknown }; quantity?: unknown };
    const items = Array.isArray(params.line_items) ? (params.line_items as LineItem[]) : [];
    if (items.length === 0) return error(400, "invalid_request_error", "Missing required param: line_items.", { param: "line_items" });
    let amount = 0;
    let currency = "";
    for (const [index, item] of items.entries()) {
      const unit = Number(item.price_data?.unit_amount);
      const quantity = Number(item.quantity ?? 1);
      if (!Number.isInteger(unit) || unit < 50) return error(400, "invalid_request_error", "Amount must be at least 50 cents", { param: `line_items[${index}][price_data][unit_amount]`, code: "amount_too_small" });
      if (!Number.isInteger(quantity) || quantity < 1) return error(400, "invalid_request_error", "Invalid integer", { param: `line_items[${index}][quantity]` });
      amount += unit * quantity;
      currency = String(item.price_data?.currency ?? "");
    }
    if (typeof params.success_url !== "string") return error(400, "invalid_request_error", "Missing required param: success_url.", { param: "success_url" });
    const id = `cs_test_${token()}`;
    const created = Math.floor(Date.now() / 1000);
    const session = {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
      customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: params.success_url,
      cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
      url: `${this.url}/checkout/${id}`,
      created,
      expires_at: created + 24 * 3600,
      livemode: false,
    } as unknown as Stripe.Checkout.Session;
    this.sessions.set(id, session);
    return [200, session];
  }

  private createRefund(params: Record<string, unknown>, error: (status: number, type: string, message: string, extra?: Record<string, string>) => [number, unknown]): [number, unknown] {
    const intent = typeof params.payment_intent === "string" ? params.payment_intent : "";
    const session = [...this.sessions.values()].find((candidate) => candidate.payment_intent === intent && candidate.payment_status === "paid");
    if (!session) return error(400, "invalid_request_error", `No such payment_intent: '${intent}'`, { code: "resource_missing", param: "payment_intent" });
    const refunded = this.refundedByIntent.get(intent) ?? 0;
    const left = (session.amount_total ?? 0) - refunded;
    if (left <= 0) return error(400, "invalid_request_error", `Charge for payment_intent ${intent} has already been refunded.`, { code: "charge_already_refunded" });
    const amount = params.amount === undefined ? left : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0 || amount > left) {
      return error(400, "invalid_request_error", `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`, { param: "amount" });
    }
    this.refundedByIntent.set(intent, refunded + amount);
    const refund = {
      id: `re_${token()}`,
      object: "refund",
      amount,
      currency: session.currency,
      payment_intent: intent,
      status: "succeeded",
      reason: typeof params.reason === "string" ? params.reason : null,
      metadata: (params.metadata as Record<string, string> | undefined) ?? {},
      created: Math.floor(Date.now() / 1000),
    } as unknown as Stripe.Refund;
    this.refunds.push(refund);
    const charge = { id: `ch_${intent.slice(3)}`, object: "charge", payment_intent: intent, amount: session.amount_total, amount_refunded: refunded + amount, refunded: refunded + amount === session.amount_total, currency: session.currency };
    // Sent after the answer, as Stripe's events follow the request that caused them.
    setImmediate(() => void this.emit("charge.refunded", charge));
    return [200, refund];
  }

  /** The stand-in for Stripe's hosted checkout: a page with Pay and Cancel, and the Pay forms' posts. */
  private async hostedPage(method: string, sessionId: string, action: string | undefined, response: ServerResponse) {
    const session = this.sessions.get(sessionId);
    if (!session) {
      response.writeHead(404, { "Content-Type": "text/plain" });
      return response.end("No such checkout session");
    }
    if (method === "POST" && action && session.status === "open") {
      await this.pay(sessionId, { delayed: action === "/delayed" });
      response.writeHead(303, { Location: session.success_url!.replace("{CHECKOUT_SESSION_ID}", sessionId) });
      return response.end();
    }
    const amount = `${((session.amount_total ?? 0) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay ${amount}</title><meta name="viewport" content="width=device-width"></head><body><main>
<h1>Pay ${amount}</h1><p>Stripe test stand-in${session.customer_email ? ` for ${escapeHtml(session.customer_email)}` : ""}.</p>
${session.status === "open" ? `<form method="post" action="/checkout/${sessionId}/pay"><button>Pay ${amount}</button></form>
<form method="post" action="/checkout/${sessionId}/delayed"><button>Pay by bank debit</button></form>` : `<p>This checkout is ${session.status}.</p>`}
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>` : ""}</main></body></html>`);
  }
}

const token = () => randomBytes(12).toString("hex");
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
