import Stripe from "stripe";

/**
 * The part of Stripe the contributions use, behind one small interface (docs/decisions/066): the
 * use cases never see the SDK, and the keys never leave this file. The official `stripe` SDK does
 * every call; its errors are turned into our words before anything logs or shows them.
 */
export interface PaymentGateway {
  /** 'test' for a sk_test_ key, 'live' otherwise: /admin/setup says which. */
  readonly mode: "test" | "live";
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  retrieveSession(sessionId: string): Promise<CheckoutSession>;
  refund(request: { paymentIntent: string; amountCents: number; idempotencyKey: string; refundId: string }): Promise<{ providerRefundId: string }>;
  /** The event a webhook delivered, when its signature is good (over the raw body); null otherwise. */
  verifyWebhook(rawBody: string, signature: string | null): ProviderEvent | null;
}

export interface CheckoutRequest {
  amountCents: number;
  currency: string;
  /** What the guest sees on the checkout page, e.g. "Contribution: Full Moon Meditation (2 seats)". */
  description: string;
  customerEmail: string | null;
  /** Names what the payment is for: our payment's reservation, read back from the session. */
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** The same key with the same request makes one session, however often Pay is pressed. */
  idempotencyKey: string;
}

/** A Checkout Session as the use cases read it. */
export interface CheckoutSession {
  id: string;
  url: string | null;
  /** open, complete or expired. */
  status: string;
  /** paid, unpaid or no_payment_required. */
  paymentStatus: string;
  amountTotal: number;
  currency: string;
  paymentIntent: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
}

/** A verified provider event, reduced to what we apply. */
export interface ProviderEvent {
  id: string;
  type: string;
  session?: CheckoutSession;
  /** charge.refunded: the charge's payment intent and the total refunded so far. */
  charge?: { paymentIntent: string | null; amountRefunded: number; amount: number };
}

/** A call the provider refused or could not answer, in our words (the SDK's message may carry request details). */
export class GatewayError extends Error {
  constructor(
    message: string,
    /** True when trying again later may work (network, rate limit, the provider's own failure). */
    readonly retryable: boolean,
    /** Stripe's error code, e.g. charge_already_refunded. */
    readonly code?: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Tests only: where the SDK sends its requests instead of api.stripe.com (a local stand-in). */
  apiBase?: string;
}

/** Stripe's settings from the environment, or null when the contributions go through the fixed link. */
export function stripeSettingsFrom(env: { STRIPE_SECRET_KEY?: string; STRIPE_WEBHOOK_SECRET?: string; STRIPE_API_BASE?: string }): StripeSettings | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE };
}

/** Where Stripe's hosted checkout pages live: the only other origin our forms may end at. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

/** How long a webhook's signature stays good: Stripe's own default tolerance. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? "443" : "80"), protocol: base.protocol === "https:" ? "https" : "http" } : {}),
    // The SDK retries a lost answer with the same idempotency key, so a retry never pays twice.
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: "harmonia" },
  });
  const call = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw gatewayError(what, error);
    }
  };
  return {
    mode: settings.secretKey.startsWith("sk_test_") || settings.secretKey.startsWith("rk_test_") ? "test" : "live",
    async createCheckout(request) {
      const session = await call("creating a checkout", () =>
        stripe.checkout.sessions.create(
          {
            mode: "payment",
            line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } } }],
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
            ...(request.clientReferenceId ? { client_reference_id: request.clientReferenceId } : {}),
            metadata: request.metadata,
            payment_intent_data: { metadata: request.metadata },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return readSession(session);
    },
    async retrieveSession(sessionId) {
      return readSession(await call("reading a checkout", () => stripe.checkout.sessions.retrieve(sessionId)));
    },
    async refund(request) {
      const refund = await call("refunding", () =>
        stripe.refunds.create(
          { payment_intent: request.paymentIntent, amount: request.amountCents, metadata: { refund_id: request.refundId } },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { providerRefundId: refund.id };
    },
    verifyWebhook(rawBody, signature) {
      if (!signature) return null;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
      } catch {
        return null;
      }
      // A good signature over something that is not an event (no id, type or object) is refused as well, not thrown.
      try {
        return readEvent(event);
      } catch {
        return null;
      }
    },
  };
}

function readSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = session.payment_intent;
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status ?? "open",
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total ?? 0,
    currency: session.currency ?? "usd",
    paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? null),
    customerEmail: session.customer_email ?? session.customer_details?.email ?? null,
    clientReferenceId: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
  };
}

function readEvent(event: Stripe.Event): ProviderEvent {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof object !== "object" || object === null) throw new Error("not an event");
  if (event.type.startsWith("checkout.session.")) {
    if (typeof object.id !== "string") throw new Error("not a checkout session");
    return { id: event.id, type: event.type, session: readSession(object as unknown as Stripe.Checkout.Session) };
  }
  if (event.type === "charge.refunded") {
    const charge = object as unknown as Stripe.Charge;
    const intent = charge.payment_intent;
    return {
      id: event.id,
      type: event.type,
      charge: { paymentIntent: typeof intent === "string" ? intent : (intent?.id ?? null), amountRefunded: charge.amount_refunded ?? 0, amount: charge.amount ?? 0 },
    };
  }
  return { id: event.id, type: event.type };
}

function gatewayError(what: string, error: unknown): GatewayError {
  if (error instanceof Stripe.errors.StripeError) {
    const retryable =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError ||
      (error.statusCode !== undefined && error.statusCode >= 500);
    if (error instanceof Stripe.errors.StripeAuthenticationError) return new GatewayError(`Stripe refused the secret key while ${what}`, false, "authentication");
    // No answer came: the SDK's connection error is not something Stripe said.
    if (error instanceof Stripe.errors.StripeConnectionError) return new GatewayError(`Stripe could not be reached while ${what}`, true);
    // Stripe's type (rawType: the API's invalid_request_error; the SDK's `type` is its class name) and code, never its message: a message may quote what was sent.
    return new GatewayError(`Stripe answered ${error.rawType ?? "an error"}${error.code ? ` (${error.code})` : ""} while ${what}`, retryable, error.code);
  }
  return new GatewayError(`Stripe could not be reached while ${what}`, true);
}
