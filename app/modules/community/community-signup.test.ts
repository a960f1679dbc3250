import { describe, expect, it } from "vitest";
import { communitySignupMessages, interestOptions, typedValues, validateCommunitySignup } from "./community-signup";

const valid = { name: "Ada Lovelace", email: "ada@example.com", interest: "piano", consent: "on" };

describe("community sign-up form", () => {
  it("offers the seven areas of interest of the spec, in order", () => {
    expect(interestOptions.map((option) => [option.value, option.label])).toEqual([
      ["piano", "Piano Performances"],
      ["retreats", "Retreats"],
      ["workshops", "Workshops & Classes"],
      ["candlelight-yoga", "Candlelight Yoga with Live Piano"],
      ["events", "Community Events"],
      ["breathwork", "Meditation & Breath work"],
      ["all", "All of the above"],
    ]);
  });

  it("accepts a sign-up, trimmed, with the phone optional and an unknown source dropped", () => {
    expect(validateCommunitySignup({ ...valid, name: "  Ada ", email: " ada@example.com ", source: "elsewhere" })).toEqual({
      ok: true,
      signup: { name: "Ada", email: "ada@example.com", interest: "piano", consent: "on" },
    });
    const withPhone = validateCommunitySignup({ ...valid, phone: " (555) 123-4567 ", source: "contact" });
    expect(withPhone.ok && withPhone.signup).toMatchObject({ phone: "(555) 123-4567", source: "contact" });
  });

  it("keeps the spec's texts exactly", () => {
    expect(communitySignupMessages).toMatchObject({
      name: "Name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      interest: "Please select an area of interest.",
      consent: "You must accept the Terms and Privacy Policy.",
      failure: "Something went wrong. Please try again or use a different email.",
    });
  });

  it.each([
    ["a name of one letter", { name: " A " }, "name", communitySignupMessages.name],
    ["no name", { name: undefined }, "name", communitySignupMessages.name],
    ["a very long name", { name: "x".repeat(101) }, "name", communitySignupMessages.nameTooLong],
    ["an address without a domain", { email: "ada@" }, "email", communitySignupMessages.email],
    ["no address", { email: "" }, "email", communitySignupMessages.email],
    ["a very long address", { email: `${"a".repeat(250)}@example.com` }, "email", communitySignupMessages.email],
    ["a very long phone number", { phone: "5".repeat(31) }, "phone", communitySignupMessages.phoneTooLong],
    ["no interest", { interest: "" }, "interest", communitySignupMessages.interest],
    ["an unknown interest", { interest: "karaoke" }, "interest", communitySignupMessages.interest],
    ["no consent", { consent: undefined }, "consent", communitySignupMessages.consent],
    ["a consent of another value", { consent: "off" }, "consent", communitySignupMessages.consent],
  ])("refuses %s with its message", (_case, change, field, message) => {
    expect(validateCommunitySignup({ ...valid, ...change })).toEqual({ ok: false, errors: { [field]: message } });
  });

  it("reports every wrong field at once", () => {
    expect(validateCommunitySignup({})).toEqual({
      ok: false,
      errors: {
        name: communitySignupMessages.name,
        email: communitySignupMessages.email,
        interest: communitySignupMessages.interest,
        consent: communitySignupMessages.consent,
      },
    });
  });

  it("keeps what was typed, for a form shown again", () => {
    expect(typedValues({ name: "A", email: "ada@", consent: "on", smsConsent: "on" })).toEqual({
      name: "A",
      email: "ada@",
      phone: "",
      interest: "",
      consent: true,
      smsConsent: true,
    });
  });
});
