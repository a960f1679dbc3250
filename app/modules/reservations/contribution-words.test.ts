import { describe, expect, it } from "vitest";
import { contributionWords, mayRecordPayment } from "./contribution-words";

describe("a guest's contribution in words", () => {
  const none = { refundableCents: 0, refundInProgress: false, refundFailed: false };
  it("says paid, how and how much; unpaid with what is expected; refunded", () => {
    expect(contributionWords({ kind: "paid", method: "card", paidCents: 6000, refundedCents: 0, expectedCents: 6000, ...none, refundableCents: 6000 })).toBe("Paid $60 by card");
    expect(contributionWords({ kind: "paid", method: "cash", paidCents: 4000, refundedCents: 1000, expectedCents: 4000, ...none })).toBe("Paid $40 in cash, $10 refunded");
    expect(contributionWords({ kind: "unpaid", expectedCents: 4000, ...none })).toBe("Unpaid: $40 expected");
    expect(contributionWords({ kind: "refunded", method: "card", paidCents: 6000, refundedCents: 6000, expectedCents: 6000, ...none })).toBe("Refunded $60");
  });

  it("says a refund on its way, and one that did not go through", () => {
    expect(contributionWords({ kind: "paid", method: "card", paidCents: 6000, refundedCents: 0, expectedCents: 6000, ...none, refundInProgress: true })).toBe(
      "Paid $60 by card; a refund is on its way to Stripe",
    );
    expect(contributionWords({ kind: "paid", method: "card", paidCents: 6000, refundedCents: 0, expectedCents: 6000, ...none, refundFailed: true })).toBe(
      "Paid $60 by card; a refund failed at Stripe (refund again, or settle it by hand)",
    );
  });

  it("lets staff record a payment unless one is held", () => {
    expect(mayRecordPayment({ kind: "unpaid" })).toBe(true);
    expect(mayRecordPayment({ kind: "pending" })).toBe(true);
    expect(mayRecordPayment({ kind: "refunded" })).toBe(true);
    expect(mayRecordPayment({ kind: "paid" })).toBe(false);
  });
});
