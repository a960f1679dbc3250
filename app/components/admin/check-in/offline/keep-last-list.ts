import { isRouteErrorResponse } from "react-router";

/**
 * Whether a failed reload of the page's data is the network's doing (no signal, or a proxy that
 * answers for a server it cannot reach), rather than the server's answer (a refusal, a redirect to
 * sign in), which must still show.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch's own failure: no connection at all
  return isRouteErrorResponse(error) && [502, 503, 504].includes(error.status);
}
