// The module's front door for browser-safe code: the contribution's rules, words and states (docs/decisions/066).
export {
  cancellationRefunds,
  CONTRIBUTION_CURRENCY,
  CONTRIBUTION_MAX_PER_SEAT,
  CONTRIBUTION_MIN_PER_SEAT,
  CONTRIBUTION_SUGGESTED_PER_SEAT,
  contributionLabel,
  contributionMessages,
  type ContributionState,
  describeContribution,
  formatDollars,
  readPerSeatAmount,
  type RefundPolicy,
  refundRuleText,
} from "./contribution-rules";
// The /donate form: a one-off gift.
export { GIFT_MAX_DOLLARS, GIFT_MIN_DOLLARS, GIFT_SUGGESTED_DOLLARS, giftMessages, readGiftAmount } from "./contribution-rules";
export { type GiftField, type GiftInput, giftSchema } from "./gift-form";
