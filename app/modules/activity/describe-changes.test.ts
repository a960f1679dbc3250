import { describe, expect, it } from "vitest";
import { describeChanges } from "./describe-changes";

const zone = "America/Los_Angeles";

describe("describeChanges", () => {
  it("says an edit as 'Changed … from … to …'", () => {
    expect(describeChanges({ maxSeats: 12 }, { maxSeats: 14 }, zone)).toEqual(["Changed max seats from 12 to 14"]);
    expect(describeChanges({ title: "Evening piano" }, { title: "Morning piano" }, zone)).toEqual(["Changed title from ‘Evening piano’ to ‘Morning piano’"]);
    expect(describeChanges({ status: "draft" }, { status: "published" }, zone)).toEqual(["Changed status from draft to published"]);
  });

  it("writes dates in the venue's time, the spec's way", () => {
    expect(describeChanges({ startsAt: "2026-11-29T03:00:00.000Z" }, { startsAt: "2026-11-29T04:00:00.000Z" }, zone)).toEqual([
      "Changed start from November 28th, 2026, 7:00 PM to November 28th, 2026, 8:00 PM",
    ]);
  });

  it("says switches, set and cleared values in words", () => {
    expect(describeChanges({ remindersEnabled: true }, { remindersEnabled: false }, zone)).toEqual(["Turned reminders off"]);
    expect(describeChanges({ placement: null }, { placement: "rsvp" }, zone)).toEqual(["Set special page to rsvp"]);
    expect(describeChanges({ getTicketsLink: "https://tickets.example/a" }, { getTicketsLink: null }, zone)).toEqual([
      "Cleared ticket link (was ‘https://tickets.example/a’)",
    ]);
  });

  it("lists what was made or removed, without internal ids or empty fields", () => {
    expect(describeChanges(null, { recipients: 3, skipped: 1, fromId: "x", description: "" }, zone)).toEqual(["Recipients: 3", "Skipped: 1"]);
    expect(describeChanges({ name: "Ada", email: "ada@example.com", eventId: "e1" }, null, zone)).toEqual(["Name: ‘Ada’", "E-mail: ‘ada@example.com’"]);
  });

  it("leaves out fields that did not change and shortens long texts", () => {
    const long = "x".repeat(200);
    const [sentence] = describeChanges({ description: "Short", seats: 2 }, { description: long, seats: 2 }, zone);
    expect(sentence).toMatch(/^Changed description from ‘Short’ to ‘x+…’$/);
    expect(sentence!.length).toBeLessThan(130);
  });
});

describe("contributions in the log", () => {
  it("says a payment recorded by hand with its amount as money and without its id", () => {
    expect(describeChanges(null, { paymentId: "7f0c2b9e-1111-4222-8333-944445555666", amount: "$60", method: "cash" }, "America/Los_Angeles")).toEqual(["Amount: $60", "Method: cash"]);
  });

  it("says a refund: what was given back and why, then what had been paid and refunded before", () => {
    expect(describeChanges({ paid: "$60", refunded: "$0" }, { refund: "$30", method: "card", reason: "One guest could not come" }, "America/Los_Angeles")).toEqual([
      "Refund: $30",
      "Method: card",
      "Reason: ‘One guest could not come’",
      "Paid before: $60",
      "Refunded before: $0",
    ]);
  });
});
