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
  /**
   * The staff area's pages (/admin): the door scanner there asks for the camera, and its QR reader
   * where the browser has none is WebAssembly ('wasm-unsafe-eval' lets a script of this origin
   * compile it; eval stays refused). Every staff page gets it, not the check-in page alone: staff
   * move between their pages without loading a document, and a document keeps its first policy.
   * Public pages keep the camera off and no WebAssembly.
   */
  staffArea?: boolean;
}): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: options.development
      ? undefined
      : {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", NONCE, ...(options.staffArea ? ["'wasm-unsafe-eval'"] : [])],
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
    permissionsPolicy: { camera: options.staffArea ? ["self"] : [], microphone: [], geolocation: [], payment: [] },
    // A response that sets its own policy (the framed dev-mailbox e-mail) keeps it.
    overwrite: false,
  });
}

/** Whether a path is a page of the staff area, which gets the scanner's policy (securityHeaders). */
export function isStaffAreaPath(path: string): boolean {
  return path === "/admin" || path.startsWith("/admin/");
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
