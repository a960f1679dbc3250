import { describeContribution, type ContributionState } from "#app/modules/payments";

/** A guest's contribution as the guest list, the door and the CSV show it. */
export type GuestContributionView = ContributionState & {
  /** Cents a refund may still give back. */
  refundableCents: number;
  refundInProgress: boolean;
  refundFailed: boolean;
};

/**
 * The contribution in words, with what staff must know of a refund: "Paid $60 by card", "Unpaid:
 * $40 expected", "Paid $60 by card; a refund is on its way to Stripe", "Refunded $60; a refund failed".
 */
export function contributionWords(state: GuestContributionView): string {
  const words = describeContribution(state);
  if (state.refundFailed) return `${words}; a refund failed at Stripe (refund again, or settle it by hand)`;
  if (state.refundInProgress) return `${words}; a refund is on its way to Stripe`;
  return words;
}

/** Whether staff may record a payment by hand: nothing is held (unpaid, a checkout not finished, or refunded before). */
export const mayRecordPayment = (state: Pick<ContributionState, "kind">) => state.kind !== "paid";
