/**
 * What a use case returns: a success with its data, or a refusal that names its reason and says,
 * in the words the person should read, what went wrong. Use cases never throw for an expected
 * refusal and never know about HTTP; routes turn a refusal into an answer with `refusalStatus`,
 * the one table from reasons to statuses (docs/decisions/045).
 */
export type Success<T extends object = object> = { ok: true } & T;
export type Refusal<R extends RefusalReason = RefusalReason, T extends object = object> = { ok: false; reason: R; message: string } & T;
export type Outcome<T extends object, R extends RefusalReason> = Success<T> | Refusal<R>;

/**
 * Every reason a use case may refuse for, with the HTTP status a page or endpoint answers it with.
 * A reason means one thing everywhere: a new kind of refusal gets a new name here rather than a
 * second meaning for an old one.
 */
const statusOfReason = {
  // 400: the request itself is wrong; sending it again unchanged will not help.
  invalid: 400,
  "email-mismatch": 400,
  "no-recipients": 400,
  // A provider's subscription we could not confirm: the provider asks again by itself, not by a resend.
  "not-confirmed": 400,
  // 403: the policy says no (docs/decisions/015).
  forbidden: 403,
  // 404: what the request names does not exist (or is not shown to this person).
  "not-found": 404,
  "event-not-found": 404,
  // 409: it exists, but its state refuses this now.
  conflict: 409,
  unchanged: 409,
  "already-accepted": 409,
  "already-revoked": 409,
  accepted: 409,
  "not-enough-seats": 409,
  "seats-per-address-reached": 409,
  "seats-available": 409,
  "already-waiting": 409,
  "not-waiting": 409,
  // 410: a link that worked once and never will again.
  expired: 410,
  revoked: 410,
  // 413: a body larger than the endpoint reads.
  "too-large": 413,
  // 422: well formed, but the event is not one that takes guests (past, private, sold out by label).
  "not-taking-reservations": 422,
  // 429: a limit per client, per person or per day; the answer says when to try again.
  "rate-limited": 429,
  "too-many-attempts": 429,
  "seat-budget-reached": 429,
  "daily-limit": 429,
  // 503: our side could not do it now (the database away, a send not saved); trying later helps.
  unavailable: 503,
  failed: 503,
  "could-not-check": 503,
  "could-not-save": 503,
  "could-not-join": 503,
} as const;

export type RefusalReason = keyof typeof statusOfReason;

/** The HTTP status of a refusal: the same reason answers with the same status on every page and endpoint. */
export function refusalStatus(reason: RefusalReason): number {
  return statusOfReason[reason];
}

/** A refusal's answer over HTTP: its status and the message the person reads. */
export function refusalAnswer(refusal: { reason: RefusalReason; message: string }): { status: number; message: string } {
  return { status: refusalStatus(refusal.reason), message: refusal.message };
}
