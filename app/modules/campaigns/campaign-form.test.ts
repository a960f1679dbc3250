import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "#app/lib/form-errors";
import { campaignInputSchema, campaignNameFromSubject } from "./campaign-form";

const errorsOf = (input: unknown) => {
  const parsed = campaignInputSchema.safeParse(input);
  return parsed.success ? {} : firstErrorPerField(parsed.error.issues);
};

describe("campaignInputSchema", () => {
  it("answers in the spec's words", () => {
    expect(errorsOf({ audience: "selected", recipients: [], subject: "", message: "" })).toEqual({
      subject: "Please enter a subject and a message.",
      message: "Please write a message (it can include {{link}} where the sign-in link should go).",
      recipients: "Please select at least one recipient.",
    });
    expect(errorsOf({ audience: "selected", recipients: ["nope"], subject: "S", message: "M" })).toEqual({ recipients: "nope is not a valid e-mail address." });
  });

  it("needs no recipients for the whole community, and defaults a blank campaign name", () => {
    const parsed = campaignInputSchema.parse({ audience: "all", campaign: " ", subject: " S ", message: "M" });
    expect(parsed).toMatchObject({ campaign: "concert_followup", subject: "S", recipients: [] });
    expect(errorsOf({ audience: "all", campaign: "magiclinks_preview", subject: "S", message: "M" })).toEqual({ campaign: "magiclinks_preview is kept for previews." });
  });
});

describe("a campaign name left empty in the composer", () => {
  it("is made from the subject, never an earlier campaign's name", () => {
    expect(campaignNameFromSubject("The recording is ready!")).toBe("the_recording_is_ready");
    expect(campaignNameFromSubject("  Amélie's Été concert — 2026  ")).toBe("amelie_s_ete_concert_2026");
    expect(campaignNameFromSubject("Magiclinks preview")).toBe("magiclinks_preview_campaign");
    expect(campaignNameFromSubject("!!!")).toBe("");
    const long = campaignNameFromSubject("word ".repeat(40));
    expect(long.length).toBeLessThanOrEqual(64);
    expect(campaignInputSchema.safeParse({ campaign: long, audience: "all", subject: "s", message: "m" }).success).toBe(true);
  });
});
