import { siteConfig } from "#app/lib/site-config";

/**
 * The contribution's rules and words, the same in the browser and on the server (docs/decisions/066):
 * a whole number of dollars per seat within the brand's range, the suggested one chosen first.
 */
export const CONTRIBUTION_MIN_PER_SEAT = siteConfig.contribution.minPerSeat;
export const CONTRIBUTION_MAX_PER_SEAT = siteConfig.contribution.maxPerSeat;
export const CONTRIBUTION_SUGGESTED_PER_SEAT = siteConfig.contribution.suggestedPerSeat;
export const CONTRIBUTION_CURRENCY = siteConfig.contribution.currency;

export const contributionMessages = {
  perSeat: `Please choose a contribution from $${CONTRIBUTION_MIN_PER_SEAT} to $${CONTRIBUTION_MAX_PER_SEAT} per seat.`,
  label: `Your contribution per seat ($${CONTRIBUTION_MIN_PER_SEAT} to $${CONTRIBUTION_MAX_PER_SEAT})`,
  hint: "Pay what you can within the range, by card after reserving or later from the e-mail we send you.",
  fixedLinkHint: "Paid through a link we send you by e-mail.",
  couldNotStart: "We could not open the payment page just now. Please try again in a minute; your seats are kept.",
  alreadyPaid: "Thank you: your contribution is already paid.",
  notTaking: "Contributions cannot be paid online here. Please use the link in your e-mail.",
} as const;

/**
 * Reads a per-seat amount a form or a client sent: a whole number of dollars within the range, or
 * undefined for anything else (the caller says `contributionMessages.perSeat`). Short text only.
 */
export function readPerSeatAmount(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(/^\$/, "") : "";
  if (text.length === 0 || text.length > 6) return undefined;
  const amount = Number(text);
  if (!Number.isInteger(amount) || amount < CONTRIBUTION_MIN_PER_SEAT || amount > CONTRIBUTION_MAX_PER_SEAT) return undefined;
  return amount;
}

/** "$60", or "$60.50" when there are cents. */
export function formatDollars(cents: number): string {
  const dollars = cents / 100;
  return Number.isInteger(dollars) ? `$${dollars.toLocaleString("en-US")}` : `$${dollars.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** "$60 for 2 seats". */
export function contributionLabel(totalCents: number, seats: number): string {
  return `${formatDollars(totalCents)} for ${seats} ${seats === 1 ? "seat" : "seats"}`;
}

/** A reservation's contribution as staff, the door and the guest see it. */
export type ContributionState =
  | { kind: "paid"; method: "card" | "cash" | "other"; paidCents: number; refundedCents: number; expectedCents: number }
  | { kind: "refunded"; method: "card" | "cash" | "other"; paidCents: number; refundedCents: number; expectedCents: number }
  | { kind: "pending"; expectedCents: number }
  | { kind: "unpaid"; expectedCents: number };

/** The words of a contribution state: "Paid $60 by card", "Paid $40 in cash", "Refunded $60", "Unpaid: $40 expected". */
export function describeContribution(state: ContributionState): string {
  const how = (method: "card" | "cash" | "other") => (method === "card" ? "by card" : method === "cash" ? "in cash" : "(other)");
  switch (state.kind) {
    case "paid":
      return state.refundedCents > 0
        ? `Paid ${formatDollars(state.paidCents)} ${how(state.method)}, ${formatDollars(state.refundedCents)} refunded`
        : `Paid ${formatDollars(state.paidCents)} ${how(state.method)}`;
    case "refunded":
      return `Refunded ${formatDollars(state.refundedCents)}`;
    case "pending":
      return `Payment processing: ${formatDollars(state.expectedCents)}`;
    case "unpaid":
      return `Unpaid: ${formatDollars(state.expectedCents)} expected`;
  }
}

/** The refund rule for a guest's own cancellation (CONTRIBUTION_REFUND_POLICY, CONTRIBUTION_REFUND_HOURS). */
export interface RefundPolicy {
  policy: "before-cutoff" | "always" | "never";
  /** With before-cutoff: a cancel at least this many hours before the event is refunded. */
  hours: number;
}

/** Whether a guest's cancellation at `now` gets their contribution back. */
export function cancellationRefunds(policy: RefundPolicy, eventStartsAt: Date, now: Date): boolean {
  if (policy.policy === "always") return true;
  if (policy.policy === "never") return false;
  return eventStartsAt.getTime() - now.getTime() >= policy.hours * 3600_000;
}

/** What the cancel page says before the button is pressed, about a contribution already paid. */
export function refundRuleText(policy: RefundPolicy, eventStartsAt: Date, now: Date, paidCents: number): string {
  const amount = formatDollars(paidCents);
  if (cancellationRefunds(policy, eventStartsAt, now)) {
    return policy.policy === "before-cutoff"
      ? `You paid a contribution of ${amount}. Cancelling now, at least ${policy.hours} hours before the event, refunds it to your card automatically.`
      : `You paid a contribution of ${amount}. Cancelling refunds it to your card automatically.`;
  }
  return policy.policy === "before-cutoff"
    ? `You paid a contribution of ${amount}. Cancellations less than ${policy.hours} hours before the event are not refunded: the contribution is kept. To ask the organisers about it, write to us through the contact page.`
    : `You paid a contribution of ${amount}. Contributions are not refunded on cancellation; to ask the organisers about it, write to us through the contact page.`;
}

/** A one-off gift through /donate (issue 37): whole dollars within the brand's range. */
export const GIFT_MIN_DOLLARS = siteConfig.gift.minDollars;
export const GIFT_MAX_DOLLARS = siteConfig.gift.maxDollars;
export const GIFT_SUGGESTED_DOLLARS = siteConfig.gift.suggestedDollars;

export const giftMessages = {
  name: "Please enter your name.",
  nameTooLong: "Please shorten your name to at most 100 characters.",
  email: "Please enter a valid email address.",
  amount: `Please choose an amount from $${GIFT_MIN_DOLLARS} to $${GIFT_MAX_DOLLARS.toLocaleString("en-US")}, in whole dollars.`,
  submissionKey: "This form has expired. Please reload the page and try again.",
} as const;

/** Reads a gift's amount: whole dollars within the range, or undefined. Short text only. */
export function readGiftAmount(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim().replace(/^\$/, "").replace(/,/g, "") : "";
  if (text.length === 0 || text.length > 7 || !/^\d+$/.test(text)) return undefined;
  const amount = Number(text);
  return amount >= GIFT_MIN_DOLLARS && amount <= GIFT_MAX_DOLLARS ? amount : undefined;
}
