import { describe, expect, it } from "vitest";
import { partitionUnsubscribed, uniqueRecipients } from "./recipients";

describe("uniqueRecipients", () => {
  it("compares addresses trimmed and lower-cased, keeps each once in first-seen order, and the first name given", () => {
    expect(
      uniqueRecipients([
        { email: " Ada@Example.com ", name: "" },
        { email: "bea@example.com", name: "Bea" },
        { email: "ADA@example.COM", name: "Ada L" },
        { email: "ada@example.com", name: "Other" },
        { email: "   " },
      ]),
    ).toEqual([
      { email: "ada@example.com", name: "Ada L" },
      { email: "bea@example.com", name: "Bea" },
    ]);
  });

  it("splits off unsubscribed addresses, which are written as skipped", () => {
    const people = uniqueRecipients([{ email: "a@x.com" }, { email: "b@x.com" }]);
    expect(partitionUnsubscribed(people, new Set(["b@x.com"]))).toEqual({
      send: [{ email: "a@x.com", name: null }],
      skipped: [{ email: "b@x.com", name: null }],
    });
  });
});
