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

  it.each(["firstName", "lastName", "email"])("asks for %s", (field) => {
    expect(firstError(errorOf({ ...complete, [field]: "   " }))).toBe("Please fill in all required fields");
    expect(firstError(errorOf({ ...complete, [field]: undefined }))).toBe("Please fill in all required fields");
  });

  it("makes neither a phone nor texts a condition of the gift; texts need the phone they go to", () => {
    expect(acceptanceSchema.parse({ ...complete, phone: undefined, smsConsent: false })).toMatchObject({ smsConsent: false, termsAccepted: true });
    expect(acceptanceSchema.parse({ ...complete, smsConsent: undefined })).toMatchObject({ smsConsent: false });
    const noPhone = errorOf({ ...complete, phone: "  " });
    expect(fieldErrors(noPhone)).toEqual({ phone: invitationMessages.phoneForTexts });
  });

  it("requires the terms", () => {
    expect(firstError(errorOf({ ...complete, termsAccepted: false }))).toBe("You must accept the Terms of Service to continue");
    expect(firstError(errorOf({ ...complete, termsAccepted: undefined }))).toBe("You must accept the Terms of Service to continue");
  });

  it("names the missing required fields before the terms, one message per field", () => {
    const error = errorOf({ rid: complete.rid, email: "not-an-address" });
    expect(firstError(error)).toBe("Please fill in all required fields");
    expect(fieldErrors(error)).toMatchObject({
      firstName: "Please fill in all required fields",
      email: invitationMessages.invalidEmail,
      termsAccepted: "You must accept the Terms of Service to continue",
    });
    expect(fieldErrors(error)).not.toHaveProperty("phone");
    expect(fieldErrors(error)).not.toHaveProperty("smsConsent");
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

  it("reads the Terms box and the texts box apart; sending the page's form is the e-mail consent", () => {
    const termsOnly = acceptancePayload(acceptanceFormValues(form([...base, ["termsAccepted", "on"]])));
    expect(acceptanceSchema.parse(termsOnly)).toMatchObject({ smsConsent: false, termsAccepted: true, emailUpdates: true });
    const both = acceptancePayload(acceptanceFormValues(form([...base, ["termsAccepted", "on"], ["smsConsent", "on"]])));
    expect(acceptanceSchema.parse(both)).toMatchObject({ smsConsent: true, termsAccepted: true });
    expect(firstError(errorOf(acceptancePayload(acceptanceFormValues(form([...base, ["smsConsent", "on"]])))))).toBe(
      "You must accept the Terms of Service to continue",
    );
  });

  it("reads 'Interested in all' as the five interests", () => {
    expect(acceptanceFormValues(form([...base, ["interests", "Candlelight yoga and piano"]])).interests).toEqual([
      "Candlelight yoga and piano",
    ]);
    expect(acceptanceFormValues(form([...base, ["interestsAll", "on"]])).interests).toEqual([...invitationInterests]);
  });
});
