import { describe, expect, it } from "vitest";
import { defaultCommunicationPreference, effectiveInvitationStatus, invitationExpiry } from "./invitation-status";

describe("invitation status", () => {
  const sentAt = new Date("2026-03-01T12:00:00Z");
  const expiresAt = invitationExpiry(sentAt);

  it("expires 30 days after sending", () => {
    expect(expiresAt.toISOString()).toBe("2026-03-31T12:00:00.000Z");
  });

  it("is pending until the expiry, expired from then on, accepted for good once accepted", () => {
    expect(effectiveInvitationStatus({ status: "pending", expiresAt }, new Date("2026-03-31T11:59:59Z"))).toBe("pending");
    expect(effectiveInvitationStatus({ status: "pending", expiresAt }, new Date("2026-03-31T12:00:00Z"))).toBe("expired");
    expect(effectiveInvitationStatus({ status: "accepted", expiresAt }, new Date("2027-01-01T00:00:00Z"))).toBe("accepted");
    // Revoked by staff: dead before its expiry, and said so rather than 'expired'.
    expect(effectiveInvitationStatus({ status: "pending", expiresAt, revokedAt: new Date("2026-03-05T00:00:00Z") }, new Date("2026-03-06T00:00:00Z"))).toBe("revoked");
  });
});

describe("the communication preference default", () => {
  const event = { name: "Sunset piano meditation" };
  it("is 'everything' for more than 2 past events, else 'important'", () => {
    expect(defaultCommunicationPreference([])).toBe("important");
    expect(defaultCommunicationPreference([event, event])).toBe("important");
    expect(defaultCommunicationPreference([event, event, event])).toBe("everything");
  });
});
