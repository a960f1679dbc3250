import "react-router";
import type { Auth } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import type { Env } from "#app/lib/env.server";
import type { FanOutStarter } from "#app/modules/campaigns/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { PaymentGateway } from "#app/modules/payments/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import type { StatusSources } from "#app/modules/system/index.server";

/** This instance's senders, started at once when a use case has queued a message (the sweeps catch anything missed). */
export interface SenderWakes {
  outbox: OutboxWake;
  texts: TextWake;
}

/**
 * The running instance's parts that loaders and actions use, built once by the composition root
 * (server/runtime.ts) and handed to every request here: a route takes what it needs from its
 * context and passes it to the use case as arguments, so neither routes nor modules look anything
 * up in a global (docs/decisions/014, issue 25).
 */
export interface AppServices {
  /** The database (PGlite or PostgreSQL), opened and migrated. */
  db: Database;
  /** The validated settings. */
  env: Env;
  /** better-auth, configured with the members' rules: sessions, sign-in links, passwords. */
  auth: Auth;
  /** The clock. Loaders and actions ask it for "now" instead of reading the system's time themselves. */
  now: () => Date;
  /** Start this instance's e-mail and text senders after a use case queued a message. */
  wake: SenderWakes;
  /** Starts a campaign's fan-out job on this instance's job runner. */
  campaigns: FanOutStarter;
  /** Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set; null: contributions go through the fixed link. */
  payments: PaymentGateway | null;
  /** What the status page inspects: the database, the mail transport, the job runner. */
  statusSources: StatusSources;
}

/** What the HTTP server hands every loader and action besides the request. */
export interface ServerLoadContext extends AppServices {
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router writes. */
  cspNonce: string;
  /** The client's address: the connection's, or the X-Forwarded-For entry the trusted proxies wrote (TRUST_PROXY). */
  clientIp: string;
  /**
   * What every per-client limit counts under (clientRateLimitKey): the IPv4 address, or the /64 of
   * an IPv6 one. Limits take this, never `clientIp`.
   */
  clientKey: string;
  /**
   * True only for a request from this machine: a loopback connection, no forwarding header, and a
   * loopback Host name (so neither a proxy nor a DNS-rebinding page counts). Guards the dev mailbox.
   */
  isLoopback: boolean;
}

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ServerLoadContext {}
}
