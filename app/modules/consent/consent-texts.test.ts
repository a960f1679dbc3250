import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { consentVersionOf, consentWordings, consentWordsAt, joiningEmailWords, smsConsentWords, type ConsentSource } from "./consent-texts";

/**
 * The words of a released version never change: rows written under it point at them. A new
 * wording is a new version at the end of the list (add its fingerprint here when it is released).
 */
const released: Record<string, string> = {
  "2026-11-24": "e91a8c33",
  "2026-11-26": "1d4183c6",
  "2026-11-28": "ca639440",
};
const fingerprint = (words: object) => createHash("sha256").update(JSON.stringify(words)).digest("hex").slice(0, 8);

describe("the versions of the consent words", () => {
  it("keeps every released version's words as they were", () => {
    const fingerprints = Object.fromEntries(consentWordings.map((wording) => [wording.version, fingerprint(wording.words)]));
    for (const [version, expected] of Object.entries(released)) expect(fingerprints[version], version).toBe(expected);
  });

  it("lists versions oldest first, each once", () => {
    const versions = consentWordings.map((wording) => wording.version);
    expect(versions).toEqual([...new Set(versions)].sort());
  });

  it("gives each form the version that last changed its words, and the words of any version back", () => {
    expect(consentVersionOf("community_form")).toBe("2026-11-28");
    expect(consentVersionOf("invitation_form")).toBe("2026-11-28");
    expect(consentVersionOf("profile")).toBe("2026-11-28");
    expect(consentVersionOf("reservation_form")).toBe("2026-11-26");
    expect(consentVersionOf("newsletter")).toBe("2026-11-24");
    expect(consentWordsAt("community_form", "2026-11-26")).toContain("Send me updates about events and music by e-mail (optional).");
    expect(consentWordsAt("community_form", "2026-11-28")).toContain(joiningEmailWords);
    expect(consentWordsAt("invitation_form", "2026-11-28")).toContain(smsConsentWords);
    // A newsletter row of a later version reads the words in force then.
    expect(consentWordsAt("newsletter", "2026-11-28")).toBe(consentWordsAt("newsletter", "2026-11-24"));
    expect(consentWordsAt("import", "legacy")).toContain("old site");
    expect(consentWordsAt("community_form", "unrecorded")).toBeUndefined();
    for (const source of ["community_form", "invitation_form", "newsletter", "profile", "reservation_form", "import", "complaint"] satisfies ConsentSource[]) {
      expect(consentWordsAt(source, consentVersionOf(source)), source).toBeTruthy();
    }
  });
});
