/**
 * The review before a mass send (docs/decisions/042): the first press shows who gets what; only a
 * confirm carrying the token of that review sends (review-token.server.ts). What the page shows
 * lives here, safe for the browser.
 */

/** A second identical send within this many minutes is asked again, with a warning. */
export const DUPLICATE_WINDOW_MINUTES = 10;
/** A review older than this is shown again rather than trusted. */
export const REVIEW_VALID_MINUTES = 120;

/** Why people are left out of a send, with (some of) their names. */
export interface LeftOutGroup {
  reason: string;
  count: number;
  /** Names or addresses, at most `LEFT_OUT_LISTED`. */
  people: string[];
}

export const LEFT_OUT_LISTED = 50;

/** What the review step shows, and what its confirm carries back. */
export interface SendReview {
  channel: "email" | "sms";
  /** Who the send is to, in words ('the guests of Full Moon Concert'). */
  audience: string;
  /** How many people receive it. */
  count: number;
  leftOut: LeftOutGroup[];
  /** The message as one real recipient gets it: e-mail HTML (shown in a sandboxed frame) or the text. */
  sample: { recipient: string; subject?: string; html?: string; text?: string };
  /** Carried by the confirm. */
  token: string;
  /** The same message went to the same people this many minutes ago. */
  duplicateMinutesAgo: number | null;
  /** The count at the earlier review, when the audience changed since. */
  changedFrom: number | null;
  /** A question the page must ask as well (the spec's 'No recipients selected. Send to ALL community?'). */
  question?: string;
  /** When a group text will start, if not at once. */
  scheduledFor?: string;
  /** Why the review is shown again (a confirm that no longer matched). */
  notice?: string;
  /** What opening the message's link does for the recipient (campaigns with personal links). */
  landing?: string;
}

export const reviewMessages = {
  heading: "Check before sending",
  confirm: (count: number) => `Send to ${count} ${count === 1 ? "person" : "people"}`,
  confirmAgain: (count: number) => `Send again to ${count} ${count === 1 ? "person" : "people"}`,
  duplicate: (minutes: number) =>
    `You sent this same message to these people ${minutes < 1 ? "less than a minute" : `${minutes} ${minutes === 1 ? "minute" : "minutes"}`} ago. Send it again only if you mean to.`,
  changed: (before: number, now: number) => `The recipients changed since your review: it was ${before}, it is now ${now}. Please check again.`,
  reviewAgain: "Please check the message and who receives it, then confirm.",
  stale: "Your review has expired; please check again.",
} as const;

/** Groups left-out people by reason, in the order the reasons first appear, listing at most `LEFT_OUT_LISTED` of each. */
export function groupLeftOut(people: { label: string; reason: string }[]): LeftOutGroup[] {
  const groups = new Map<string, LeftOutGroup>();
  for (const person of people) {
    const group = groups.get(person.reason) ?? { reason: person.reason, count: 0, people: [] };
    group.count += 1;
    if (group.people.length < LEFT_OUT_LISTED) group.people.push(person.label);
    groups.set(person.reason, group);
  }
  return [...groups.values()];
}
