/**
 * The words people agree to, and their version. Change CONSENT_TEXT_VERSION whenever the words of
 * a consent change (here or in the forms that show them: the community form, the invitation form,
 * the newsletter form, the reservation form and the profile's e-mail preferences), so each
 * recorded consent says which words were agreed to. 2026-11-26: the community form's one box
 * became three (Terms required; e-mail and SMS optional) and the reservation form gained its SMS
 * box (docs/decisions/043).
 */
export const CONSENT_TEXT_VERSION = "2026-11-26";

export type ConsentPurpose = "terms" | "privacy" | "email_updates" | "sms" | "newsletter" | "campaigns";
export type ConsentSource = "community_form" | "invitation_form" | "newsletter" | "profile" | "reservation_form" | "import" | "complaint";

/**
 * The words of the optional SMS boxes (the community form's and the reservation form's), as the
 * Terms put it: at most 4 texts a month, about events; STOP opts out; never a condition.
 */
export const smsConsentWords =
  "Text me about events at this phone number: at most 4 text messages a month, reply STOP to opt out. Message and data rates may apply. Optional: it is never a condition of joining or reserving.";

/** The community form's three boxes: Terms and Privacy (required), e-mail updates and texts (each optional). */
export const communityConsentWords = {
  terms: "I agree to the Terms of Service and Privacy Policy.",
  emailUpdates: "Send me updates about events and music by e-mail (optional).",
  sms: smsConsentWords,
} as const;

/** What each form's consent covers, as its words say. */
export const consentTexts: Record<ConsentSource, string> = {
  community_form: `Three boxes. Required: "${communityConsentWords.terms}" Optional: "${communityConsentWords.emailUpdates}" Optional: "${communityConsentWords.sms}"`,
  reservation_form: `One optional box under the phone: "${smsConsentWords}"`,
  invitation_form:
    "I agree to the Terms of Service and Privacy Policy, and to receive e-mail updates and text messages (SMS, at most 4 a month; reply STOP to opt out).",
  newsletter: "Subscribe to the newsletter (the footer's or the newsletter page's form).",
  profile: "E-mail preferences on the profile page: the newsletter, and e-mails from our campaigns (new music and events).",
  import:
    "Given on the old site and carried over by the import (text version 'legacy'): its community form's one box covered the Terms, the Privacy Policy and updates by e-mail and SMS; its newsletter and launch forms, e-mail from that list.",
  complaint: "No words shown: the person's mail provider reported our e-mail as spam, which withdraws consent to campaigns (docs/decisions/048).",
};

/** The purposes one submission of each sign-up form grants (the community form's e-mail and SMS boxes are its own answers). */
export const purposesGrantedBy = {
  community_form: ["terms", "privacy"],
  invitation_form: ["terms", "privacy", "sms"],
  newsletter: ["newsletter"],
} as const satisfies Record<Exclude<ConsentSource, "profile" | "reservation_form" | "import" | "complaint">, readonly ConsentPurpose[]>;

/** The profile's labels of the e-mail preferences. */
export const emailPreferenceLabels = {
  newsletter: "The newsletter",
  campaigns: "E-mails about new music and events (campaigns)",
} as const;
