import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { trustedForwardedEntry } from "./client-address";

/**
 * Security headers for every response. The Content-Security-Policy allows scripts only from
 * this origin and the per-response nonce React Router's inline scripts carry; inline style
 * attributes stay allowed because React and Radix set them. Development relaxes it for Vite's
 * hot reload.
 */
export function securityHeaders(options: {
  development: boolean;
  /**
   * Origins a form's post may end at besides this one: Stripe's hosted checkout, where "Pay my
   * contribution" posts here and is redirected (browsers check form-action on the redirect too).
   */
  formActionOrigins?: readonly string[];
}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: options.development
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: for the event form's preview of a picture chosen on the staff member's own device (an
          // object URL only a script of this origin can make, of a local file).
          imgSrc: ["'self'", "data:", "blob:"],
          mediaSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'", ...(options.formActionOrigins ?? [])],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
        },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    // Sent only over HTTPS (below): over plain HTTP browsers ignore it and it would mislead.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: "same-origin",
    crossOriginOpenerPolicy: "same-origin",
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    // A response that sets its own policy (the framed dev-mailbox e-mail) keeps it.
    overwrite: false,
  });
}

/** HSTS on HTTPS answers; X-Forwarded-Proto is believed only from the trusted proxies (TRUST_PROXY). */
export function strictTransportSecurity(options: { trustedProxyHops: number }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const forwardedProto = trustedForwardedEntry(c.req.header("x-forwarded-proto"), options.trustedProxyHops)?.toLowerCase();
    const protocol = forwardedProto ?? new URL(c.req.url).protocol.replace(":", "");
    if (protocol === "https") c.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

/** The headers that matter for a file rather than a page. */
export const fileHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cross-Origin-Resource-Policy", "same-origin");
};
