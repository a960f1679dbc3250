import { safeRedirectPath } from "#app/lib/safe-redirect";
import { subscriptionMessages, type SubscriptionActionData } from "#app/modules/community";

/**
 * The footer's newsletter form sent before the page's scripts ran is a plain POST to /newsletter.
 * Its `returnTo` (the page it was on) brings the person back there, to the footer, and a one-use
 * cookie carries the outcome for that page to show in the footer: the spec's 'Thank You!' and
 * message, or the error with the address as typed. The cookie lives a minute, is HttpOnly, and is
 * cleared by the page that reads it.
 */
const COOKIE = "harmonia.footer_newsletter";
const MAX_AGE_SECONDS = 60;

/** Where the footer sits on a page: the fragment the person comes back to. */
export const FOOTER_NEWSLETTER_ANCHOR = "footer-newsletter";

/** The page to go back to, as a same-site path; undefined when none was given or it could leave the site. */
export function footerReturnPath(returnTo: string | undefined, publicUrl: string): string | undefined {
  if (!returnTo) return undefined;
  const path = safeRedirectPath(returnTo.slice(0, 2048), publicUrl, "");
  // Only the path and query of a page: a fragment of our own replaces any the value carried.
  return path ? path.split("#")[0] : undefined;
}

function cookie(value: string, maxAge: number, secure: boolean): string {
  return [`${COOKIE}=${value}`, "Path=/", `Max-Age=${maxAge}`, "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; ");
}

/** The Set-Cookie that hands the outcome to the page the person goes back to. */
export function footerOutcomeCookie(outcome: SubscriptionActionData, secure: boolean): string {
  const kept = outcome.ok ? { ok: true } : { ok: false, error: outcome.error.slice(0, 200), email: outcome.email.slice(0, 254) };
  return cookie(encodeURIComponent(JSON.stringify(kept)), MAX_AGE_SECONDS, secure);
}

/**
 * The outcome a request carries back from the footer's form, once, with the Set-Cookie that clears
 * it (also when the cookie is not ours to read). A success always shows our own words; an error,
 * its text and the address as sent (text only, never markup).
 */
export function takeFooterOutcome(request: Request, secure: boolean): { outcome: SubscriptionActionData | null; clear: string } | undefined {
  const raw = request.headers
    .get("Cookie")
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (raw === undefined) return undefined;
  return { outcome: outcomeOf(raw), clear: cookie("", 0, secure) };
}

function outcomeOf(raw: string): SubscriptionActionData | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw.slice(0, 2048)));
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { ok, error, email } = parsed as Record<string, unknown>;
  if (ok === true) return { ok: true, message: subscriptionMessages.newsletterSuccess };
  if (ok === false && typeof error === "string" && typeof email === "string") {
    return { ok: false, error: error.slice(0, 200) || subscriptionMessages.failure, email: email.slice(0, 254) };
  }
  return null;
}
