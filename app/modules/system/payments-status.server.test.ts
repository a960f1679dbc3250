import { describe, expect, it } from "vitest";
import { paymentsStatus, type PaymentsStatusSettings } from "./payments-status.server";

const settings: PaymentsStatusSettings = {
  PUBLIC_URL: "https://harmonia.example",
  CONTRIBUTION_URL: "https://pay.example/harmonia",
  CONTRIBUTION_REFUND_POLICY: "before-cutoff",
  CONTRIBUTION_REFUND_HOURS: 48,
};
const value = (check: ReturnType<typeof paymentsStatus>, label: string) => check.details?.find((detail) => detail.label.startsWith(label))?.value;

describe("the contributions' check", () => {
  it("says Stripe's mode, the webhook URL and events to enter in its dashboard, and the refund rule", () => {
    const test = paymentsStatus(settings, "test");
    expect(test).toMatchObject({ id: "payments", state: "ok", summary: expect.stringContaining("test mode") });
    expect(value(test, "Webhook URL")).toBe("https://harmonia.example/api/payments/stripe");
    expect(value(test, "Events to send")).toBe(
      "checkout.session.completed, checkout.session.async_payment_succeeded, checkout.session.async_payment_failed, checkout.session.expired, charge.refunded",
    );
    expect(value(test, "Refund")).toContain("at least 48 hours before the event");
    expect(paymentsStatus(settings, "live")).toMatchObject({ state: "ok", summary: expect.stringContaining("live mode") });
    expect(value(paymentsStatus({ ...settings, CONTRIBUTION_REFUND_POLICY: "always" }, "live"), "Refund")).toContain("whenever a guest cancels");
    expect(value(paymentsStatus({ ...settings, CONTRIBUTION_REFUND_POLICY: "never" }, "live"), "Refund")).toContain("Kept when a guest cancels");
  });

  it("without Stripe, names the fixed link and says staff record payments by hand", () => {
    const check = paymentsStatus(settings, undefined);
    expect(check).toMatchObject({ state: "not-configured", summary: expect.stringContaining("fixed link") });
    expect(check.summary).toContain("staff record payments by hand");
    expect(value(check, "Contribution link")).toBe("https://pay.example/harmonia");
  });

  it("names a stand-in's address in tests, by its origin only", () => {
    expect(value(paymentsStatus({ ...settings, STRIPE_API_BASE: "http://127.0.0.1:4810/some/path" }, "test"), "Stripe API")).toBe("http://127.0.0.1:4810");
    expect(value(paymentsStatus(settings, "test"), "Stripe API")).toBeUndefined();
  });
});
