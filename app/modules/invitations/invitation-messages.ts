import { siteConfig } from "#app/lib/site-config";

/**
 * What the invitation page and endpoints say. The spec fixes the validation, failure and success
 * texts (members-and-staff.md sections 2, 5 and 8); keep them exactly. Safe for the browser.
 */
export const invitationMessages = {
  requiredFields: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address.",
  /** The texts box ticked without a phone (the community and reservation forms say the same). */
  phoneForTexts: "Please enter the phone number to text, or untick the text messages box.",
  termsRequired: "You must accept the Terms of Service to continue",
  acceptFailed: "Failed to accept invitation",
  signupFailed: "Failed to complete membership signup",
  successText: "Your membership is now active. Redirecting you to your exclusive music collection...",
  ridRequired: "An invitation id (rid) is required.",
  ridMissing: "This page needs the link from your invitation e-mail. Please open that link again.",
  notFound: "We could not find this invitation. Please open the link from your invitation e-mail again.",
  alreadyAccepted: "This invitation has already been accepted. Log in to hear your music.",
  expired: `This invitation has expired. Please ask us for a new one at ${siteConfig.contact.email}.`,
  revoked: `This invitation is no longer valid. Please ask us for a new one at ${siteConfig.contact.email}.`,
  emailMismatch: "Please use the email address this invitation was sent to.",
  invalidBody: "Please send the invitation details as a JSON object.",
  tryAgainLater: "Something went wrong on our side. Please try again in a moment.",
} as const;

/** The heading of the success screen, naming the brand. */
export const welcomeHeading = `Welcome to ${siteConfig.brand.name}!`;

export const communicationPreferences = ["everything", "important", "minimal"] as const;
export type CommunicationPreference = (typeof communicationPreferences)[number];

export const communicationPreferenceLabels: Record<CommunicationPreference, string> = {
  everything: "Everything: events, new music and community news",
  important: "Important updates only",
  minimal: "Minimal: only what concerns my membership",
};

export const discoveryMethods = ["friend_referral", "social_media", "attended_event", "online_search", "other"] as const;
export type DiscoveryMethod = (typeof discoveryMethods)[number];

export const discoveryMethodLabels: Record<DiscoveryMethod, string> = {
  friend_referral: "A friend told me",
  social_media: "Social media",
  attended_event: "I attended an event",
  online_search: "Online search",
  other: "Other",
};

/** The spec's five interests; the labels are stored as they are, as the spec's lists show them. */
export const invitationInterests = [
  "Live piano meditation events",
  "Candlelight yoga and piano",
  "Recorded music and albums",
  "Guided meditation content",
  "Community discussions and sharing",
] as const;

/** The gift of an invitation: how many unreleased tracks it opens. */
export const GIFT_TRACK_COUNT = 4;
