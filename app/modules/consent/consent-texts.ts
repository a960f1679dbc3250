/**
 * The words people agree to, each with its version. A consent row carries the version of the
 * words its form showed (`consentVersionOf(source)`), and `consentWordsAt` gives those words back
 * for any row ever written. A released version is never edited: when a form's words change, add a
 * version at the end of `consentWordings` with that form's new words (what did not change is read
 * from the earlier versions), and keep the words the forms show below in step with it.
 */
export type ConsentPurpose = "terms" | "privacy" | "email_updates" | "sms" | "newsletter" | "campaigns";
export type ConsentSource = "community_form" | "invitation_form" | "newsletter" | "profile" | "reservation_form" | "import" | "complaint";

/**
 * The words of every optional SMS box (the community, invitation and reservation forms, and the
 * profile's texts), as the Terms put it: at most 4 texts a month, about events; STOP opts out;
 * never a condition.
 */
export const smsConsentWords =
  "Text me about events at this phone number: at most 4 text messages a month, reply STOP to opt out. Message and data rates may apply. Optional: it is never a condition of joining or reserving.";

/** The required box of the community and invitation forms. */
export const termsConsentWords = "I agree to the Terms of Service and Privacy Policy.";

/**
 * Beside the button of a form whose purpose is joining the list (the community form, the
 * invitation): sending it is the e-mail consent, so there is no e-mail box (docs/decisions/054).
 */
export const joiningEmailWords = "You will get our e-mails about events and music; unsubscribe any time.";

/** The community form's words: its two boxes (Terms required, texts optional) and the line beside its button. */
export const communityConsentWords = { terms: termsConsentWords, sms: smsConsentWords, joining: joiningEmailWords } as const;

interface ConsentWording {
  version: string;
  /** What changed, for whoever reads the history. */
  change: string;
  /** The words of each form whose words this version changed (or first recorded). */
  words: Partial<Record<ConsentSource, string>>;
}

/** Every version of the words, oldest first. Append only. */
export const consentWordings: readonly ConsentWording[] = [
  {
    version: "2026-11-24",
    change: "The first recorded words (docs/decisions/031).",
    words: {
      community_form:
        "I agree to the Terms of Service and Privacy Policy, and to receive updates about events and music by e-mail and SMS. Message and data rates may apply; reply STOP to opt out.",
      invitation_form:
        "I agree to the Terms of Service and Privacy Policy, and to receive e-mail updates and text messages (SMS, at most 4 a month; reply STOP to opt out).",
      newsletter: "Subscribe to the newsletter (the footer's or the newsletter page's form).",
      profile: "E-mail preferences on the profile page: the newsletter, and e-mails from our campaigns (new music and events).",
    },
  },
  {
    version: "2026-11-26",
    change:
      "The community form's one box became three (Terms required; e-mail and SMS optional) and the reservation form gained its SMS box (docs/decisions/043); imported and complaint rows recorded.",
    words: {
      community_form:
        'Three boxes. Required: "I agree to the Terms of Service and Privacy Policy." Optional: "Send me updates about events and music by e-mail (optional)." Optional: "Text me about events at this phone number: at most 4 text messages a month, reply STOP to opt out. Message and data rates may apply. Optional: it is never a condition of joining or reserving."',
      reservation_form:
        'One optional box under the phone: "Text me about events at this phone number: at most 4 text messages a month, reply STOP to opt out. Message and data rates may apply. Optional: it is never a condition of joining or reserving."',
      import:
        "Given on the old site and carried over by the import (text version 'legacy'): its community form's one box covered the Terms, the Privacy Policy and updates by e-mail and SMS; its newsletter and launch forms, e-mail from that list.",
      complaint: "No words shown: the person's mail provider reported our e-mail as spam, which withdraws consent to campaigns (docs/decisions/048).",
    },
  },
  {
    version: "2026-11-28",
    change:
      "Joining is the e-mail consent: the community form's e-mail box became the line beside its button; the invitation's one bundled box became Terms (required) and texts (optional) with that line; the profile gained the texts box (docs/decisions/054).",
    words: {
      community_form: `Required box: "${termsConsentWords}" Optional box: "${smsConsentWords}" Beside the button (sending the form is the e-mail consent): "${joiningEmailWords}"`,
      invitation_form: `Required box: "${termsConsentWords}" Optional box: "${smsConsentWords}" Beside the button (sending the form is the e-mail consent): "${joiningEmailWords}"`,
      profile: `E-mail preferences on the profile page: "The newsletter", "E-mails about new music and events (campaigns)". Texts on the profile page, one box under the phone: "${smsConsentWords}"`,
    },
  },
];

/** The version of the words `source` shows now: the last version that changed them. */
export function consentVersionOf(source: ConsentSource): string {
  const latest = consentWordings.findLast((wording) => source in wording.words);
  if (!latest) throw new Error(`No consent words recorded for ${source}`);
  return latest.version;
}

/** The words `source` showed under `version` (a row's text_version); undefined for a version we never had. */
export function consentWordsAt(source: ConsentSource, version: string): string | undefined {
  // Imported rows carry 'legacy': the old site's words, which the import's entry describes.
  if (source === "import" && version === "legacy") return consentWordsAt(source, consentVersionOf(source));
  const upTo = consentWordings.findIndex((wording) => wording.version === version);
  if (upTo < 0) return undefined;
  return consentWordings.slice(0, upTo + 1).findLast((wording) => source in wording.words)?.words[source];
}

/** The purposes one submission of each sign-up form grants; its optional boxes are answers of their own. */
export const purposesGrantedBy = {
  // Joining the list is the e-mail consent (the line beside the button).
  community_form: ["terms", "privacy", "email_updates"],
  invitation_form: ["terms", "privacy"],
  newsletter: ["newsletter"],
} as const satisfies Record<Exclude<ConsentSource, "profile" | "reservation_form" | "import" | "complaint">, readonly ConsentPurpose[]>;

/** The profile's labels of the e-mail preferences. */
export const emailPreferenceLabels = {
  newsletter: "The newsletter",
  campaigns: "E-mails about new music and events (campaigns)",
} as const;
