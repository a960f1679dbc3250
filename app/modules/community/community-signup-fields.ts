/**
 * The community sign-up form (/join, the home page, /contact): its choices, its texts, its fields
 * and outcomes. No validation library here: the pages show the form with this alone and load the
 * schema (community-signup.ts) only when the visitor is about to send it.
 */
export const communitySignupMessages = {
  name: "Name must be at least 2 characters.",
  nameTooLong: "Please shorten your name to at most 100 characters.",
  email: "Please enter a valid email address.",
  phoneTooLong: "Please enter a phone number of at most 30 characters.",
  interest: "Please select an area of interest.",
  consent: "You must accept the Terms and Privacy Policy.",
  /** The SMS box ticked with no phone (also the reservation form's). */
  phoneForTexts: "Please enter the phone number to text, or untick the text messages box.",
  /** A sign-up that could not be stored for a reason other than a repeat; shown on the e-mail field. */
  failure: "Something went wrong. Please try again or use a different email.",
  /** The welcome screen's Resend button (members-and-staff.md, /join). */
  resendSent: "Sent. Check your inbox and spam folder.",
  resendFailed: "Couldn\u2019t resend. Please try again.",
} as const;

/** The areas of interest, value and label, in the order the form lists them. */
export const interestOptions = [
  { value: "piano", label: "Piano Performances" },
  { value: "retreats", label: "Retreats" },
  { value: "workshops", label: "Workshops & Classes" },
  { value: "candlelight-yoga", label: "Candlelight Yoga with Live Piano" },
  { value: "events", label: "Community Events" },
  { value: "breathwork", label: "Meditation & Breath work" },
  { value: "all", label: "All of the above" },
] as const;

export type Interest = (typeof interestOptions)[number]["value"];

/** An interest as people read it ('Candlelight Yoga with Live Piano'), wherever it is shown; a value we do not know, as stored. */
export function interestLabel(interest: string): string {
  return interestOptions.find((option) => option.value === interest)?.label ?? interest;
}

/** Where the form was filled in; kept with the sign-up. */
export const communitySources = ["join", "home", "contact"] as const;
export type CommunitySource = (typeof communitySources)[number];

export const communitySignupFields = ["name", "email", "phone", "interest", "consent", "smsConsent"] as const;
export type CommunitySignupField = (typeof communitySignupFields)[number];
export type CommunitySignupErrors = Partial<Record<CommunitySignupField, string>>;

/** What the visitor typed, so a form shown again with its errors loses nothing. */
export interface CommunitySignupValues {
  name: string;
  email: string;
  phone: string;
  interest: string;
  consent: boolean;
  smsConsent: boolean;
}

export function typedValues(input: Record<string, unknown>): CommunitySignupValues {
  const text = (key: string) => (typeof input[key] === "string" ? input[key] : "");
  return { name: text("name"), email: text("email"), phone: text("phone"), interest: text("interest"), consent: input.consent === "on", smsConsent: input.smsConsent === "on" };
}

/** What the join action answers: the form's outcome, or a resend's. */
export type CommunityJoinOutcome =
  | { intent: "join"; ok: true; email: string }
  | { intent: "join"; ok: false; errors: CommunitySignupErrors; values: CommunitySignupValues };

export type SignInLinkResendOutcome =
  | { intent: "resend"; email: string; resent: true }
  | { intent: "resend"; email: string; resent: false; error: string };
