/**
 * The words people agree to, and their version. Change CONSENT_TEXT_VERSION whenever the words of
 * a consent change (here or in the forms that show them: the community form, the invitation form,
 * the newsletter form and the profile's e-mail preferences), so each recorded consent says which
 * words were agreed to.
 */
export const CONSENT_TEXT_VERSION = "2026-11-24";

export type ConsentPurpose = "terms" | "privacy" | "email_updates" | "sms" | "newsletter" | "campaigns";
export type ConsentSource = "community_form" | "invitation_form" | "newsletter" | "profile";

/** What each form's consent covers, as its words say. */
export const consentTexts: Record<ConsentSource, string> = {
  community_form:
    "I agree to the Terms of Service and Privacy Policy, and to receive updates about events and music by e-mail and SMS. Message and data rates may apply; reply STOP to opt out.",
  invitation_form:
    "I agree to the Terms of Service and Privacy Policy, and to receive e-mail updates and text messages (SMS, at most 4 a month; reply STOP to opt out).",
  newsletter: "Subscribe to the newsletter (the footer's or the newsletter page's form).",
  profile: "E-mail preferences on the profile page: the newsletter, and e-mails from our campaigns (new music and events).",
};

/** The purposes one submission of each sign-up form grants. */
export const purposesGrantedBy = {
  community_form: ["terms", "privacy", "email_updates", "sms"],
  invitation_form: ["terms", "privacy", "sms"],
  newsletter: ["newsletter"],
} as const satisfies Record<Exclude<ConsentSource, "profile">, readonly ConsentPurpose[]>;

/** The profile's labels of the e-mail preferences. */
export const emailPreferenceLabels = {
  newsletter: "The newsletter",
  campaigns: "E-mails about new music and events (campaigns)",
} as const;
