import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { refuse } from "./refusal";

const KB = 1024;
const MB = 1024 * KB;

/** Largest request body, by kind: forms (urlencoded or multipart) and everything else (JSON, text). */
export interface BodySizeLimits {
  form: number;
  other: number;
}

/** A path prefix that needs other limits than the site's (e.g. a CSV import: a larger form). */
export interface PathBodySizeLimits extends Partial<BodySizeLimits> {
  pathPrefix: string;
}

/** Every route's limits unless a path prefix below says otherwise. */
export const DEFAULT_BODY_SIZE_LIMITS: BodySizeLimits = { form: 1 * MB, other: 64 * KB };

/**
 * Routes with limits of their own, longest prefix first wins; a path that misses its prefix only
 * gets the stricter default.
 */
export const PATH_BODY_SIZE_LIMITS: readonly PathBodySizeLimits[] = [
  // A campaign to a list of addresses (JSON) and its message: thousands of addresses.
  { pathPrefix: "/api/sendMagicLinksToCommunity", other: 2 * MB },
  // An announcement to up to 6,500 addresses (MAX_ANNOUNCEMENT_ADDRESSES in campaigns' announcement-form.ts).
  { pathPrefix: "/api/sendAnnouncement", other: 2 * MB },
  // The attendee CSV import: a file of up to 5 MB, plus the multipart envelope; the route refuses a file above 5 MB itself.
  { pathPrefix: "/admin/communications/import", form: 5 * MB + 64 * KB },
  // The event form with an uploaded picture of up to 10 MB (MAX_EVENT_IMAGE_BYTES) and the form's other fields; the
  // action refuses a file above 10 MB itself, with the form kept, and this answers anything larger with a clear 413.
  { pathPrefix: "/admin/eventmanagement", form: 10 * MB + 256 * KB },
  // SES notifications through SNS carry the bounced message's headers: more than the default 64 KB.
  { pathPrefix: "/api/mail/events", other: 256 * KB },
  // Stripe's events (issue 37): a few kilobytes each; the payments module refuses anything past 256 KB too.
  { pathPrefix: "/api/payments/stripe", other: 256 * KB },
  // Up to 10,000 addresses to look up (campaigns' communityStatsSchema).
  { pathPrefix: "/api/statsCommunity", other: 3 * MB },
];

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The byte limit for a body of `contentType` sent to `path`. */
export function bodySizeLimitFor(
  path: string,
  contentType: string | undefined,
  pathLimits: readonly PathBodySizeLimits[] = PATH_BODY_SIZE_LIMITS,
): number {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const kind = FORM_TYPES.has(mediaType) ? "form" : "other";
  const match = pathLimits
    .filter((limits) => path.startsWith(limits.pathPrefix))
    .sort((a, b) => b.pathPrefix.length - a.pathPrefix.length)[0];
  return match?.[kind] ?? DEFAULT_BODY_SIZE_LIMITS[kind];
}

function describeSize(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / KB)} KB`;
}

/**
 * Answers 413 to a body over its limit before anyone reads it, so a huge post cannot fill the
 * memory. A declared Content-Length is judged up front (Node's parser never delivers more than it
 * declares); a chunked body is read by hono's bodyLimit only up to the limit and refused at the
 * first chunk beyond it, so at most the limit is ever held. The rest of a refused body is
 * discarded by @hono/node-server, which closes the connection if it keeps coming.
 */
export function bodySizeLimits(pathLimits: readonly PathBodySizeLimits[] = PATH_BODY_SIZE_LIMITS): MiddlewareHandler {
  return async (c, next) => {
    const limit = bodySizeLimitFor(c.req.path, c.req.header("content-type"), pathLimits);
    const tooLarge = () => refuse(c, 413, `This request is too large: the limit is ${describeSize(limit)}.`);
    // GET and HEAD carry no body for the handlers, but a declared one is still refused unread.
    if (Number(c.req.header("content-length") ?? 0) > limit) return tooLarge();
    return bodyLimit({ maxSize: limit, onError: tooLarge })(c, next);
  };
}
