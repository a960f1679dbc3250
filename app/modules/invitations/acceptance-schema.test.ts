import { describe, expect, it } from "vitest";
import { acceptanceSchema, fieldErrors, firstError } from "./acceptance-schema";
import { acceptanceFormValues, acceptancePayload } from "./acceptance-form";
import { invitationInterests, invitationMessages } from "./invitation-messages";

const complete = {
  rid: "Zk3q9vRb2L0mX7yTqW1sN5aP8dHc4uJe",
  email: "rosa@example.com",
  firstName: "Rosa",
  lastName: "Delgado",
  phone: "+1 619 555 0187",
  smsConsent: true,
  termsAccepted: true,
};

function errorOf(input: Record<string, unknown>) {
  const result = acceptanceSchema.safeParse(input);
  if (result.success) throw new Error("expected the input to be refused");
  return result.error;
}

describe("the invitation acceptance form", () => {
  it("accepts the required fields and fills the spec's defaults", () => {
    const result = acceptanceSchema.parse({ ...complete, firstName: "  Rosa  " });
    expect(result).toMatchObject({ firstName: "Rosa", communicationPreference: "everything", emailUpdates: true, interests: [] });
  });

  it.each(["firstName", "lastName", "email", "phone"])("asks for %s", (field) => {
    expect(firstError(errorOf({ ...complete, [field]: "   " }))).toBe("Please fill in all required fields");
    expect(firstError(errorOf({ ...complete, [field]: undefined }))).toBe("Please fill in all required fields");
  });

  it("requires SMS consent, then the terms", () => {
    expect(firstError(errorOf({ ...complete, smsConsent: false, termsAccepted: false }))).toBe(
      "SMS consent is required to complete your membership",
    );
    expect(firstError(errorOf({ ...complete, termsAccepted: false }))).toBe("You must accept the Terms of Service to continue");
    expect(firstError(errorOf({ ...complete, termsAccepted: undefined }))).toBe("You must accept the Terms of Service to continue");
  });

  it("names the missing required fields before the consents, one message per field", () => {
    const error = errorOf({ rid: complete.rid, email: "not-an-address" });
    expect(firstError(error)).toBe("Please fill in all required fields");
    expect(fieldErrors(error)).toMatchObject({
      firstName: "Please fill in all required fields",
      email: invitationMessages.invalidEmail,
      smsConsent: "SMS consent is required to complete your membership",
      termsAccepted: "You must accept the Terms of Service to continue",
    });
  });

  it("keeps choices to the spec's lists", () => {
    expect(acceptanceSchema.safeParse({ ...complete, communicationPreference: "daily" }).success).toBe(false);
    expect(acceptanceSchema.safeParse({ ...complete, discoveryMethod: "billboard" }).success).toBe(false);
    expect(acceptanceSchema.safeParse({ ...complete, interests: ["Knitting"] }).success).toBe(false);
    expect(
      acceptanceSchema.safeParse({ ...complete, discoveryMethod: "attended_event", interests: ["Candlelight yoga and piano"] })
        .success,
    ).toBe(true);
  });

  it("needs the invitation's rid", () => {
    expect(firstError(errorOf({ ...complete, rid: "" }))).toBe(invitationMessages.ridMissing);
  });
});

describe("the invitation page's form", () => {
  const form = (entries: [string, string][]) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return data;
  };
  const base: [string, string][] = [
    ["rid", complete.rid],
    ["email", complete.email],
    ["firstName", "Rosa"],
    ["lastName", "Delgado"],
    ["phone", complete.phone],
    ["communicationPreference", "important"],
  ];

  it("gives all three agreements with the one consent checkbox", () => {
    const payload = acceptancePayload(acceptanceFormValues(form([...base, ["consent", "on"]])));
    expect(acceptanceSchema.parse(payload)).toMatchObject({ smsConsent: true, termsAccepted: true, emailUpdates: true });
    expect(firstError(errorOf(acceptancePayload(acceptanceFormValues(form(base)))))).toBe(
      "SMS consent is required to complete your membership",
    );
  });

  it("reads 'Interested in all' as the five interests", () => {
    expect(acceptanceFormValues(form([...base, ["interests", "Candlelight yoga and piano"]])).interests).toEqual([
      "Candlelight yoga and piano",
    ]);
    expect(acceptanceFormValues(form([...base, ["interestsAll", "on"]])).interests).toEqual([...invitationInterests]);
  });
});
