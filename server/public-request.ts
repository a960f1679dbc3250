import { hostnameOf } from "./host-check";

/**
 * The request as the browser made it, for React Router: its own CSRF check refuses an action
 * whose Origin differs from `request.url`'s origin, but behind a TLS proxy the server only sees
 * http://… (and perhaps another port). A request naming the public host is therefore handed on
 * under PUBLIC_URL's origin; one naming a loopback host keeps its own URL (the browser opened that).
 */
export function asPublicRequest(request: Request, publicUrl: string): Request {
  const url = new URL(request.url);
  const publicOrigin = new URL(publicUrl);
  if (url.origin === publicOrigin.origin || hostnameOf(url.host) !== hostnameOf(publicOrigin.host)) return request;
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    // Lets the body stream through unread, as it came.
    duplex: "half",
  };
  return new Request(`${publicOrigin.origin}${url.pathname}${url.search}`, init);
}
