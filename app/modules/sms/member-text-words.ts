/** What the profile knows about a member and texts (`getMemberTextConsent`). Safe for the browser. */
export interface MemberTextConsent {
  /** The number we hold for them, as typed; null when none. */
  phone: string | null;
  /** Whether they agreed to texts (at that number). */
  agreed: boolean;
  /** That number replied STOP: nothing is texted to it until it sends START. */
  stopped: boolean;
}

/** The profile's texts panel: its state in words, and the answers to saving it. */
export const memberTextMessages = {
  on: (phone: string) => `Texts are on: we may text ${phone} about events, at most 4 a month.`,
  off: "Texts are off: we do not text you.",
  onButStopped: "You agreed to texts, but this number replied STOP: we text it nothing until it replies START to one of our texts.",
  noPhone: "We have no phone number for you.",
  stopAnyTime: "You can also reply STOP to any of our texts to stop them at once.",
  failed: "Your text preferences could not be saved just now; please try again.",
  loadFailed: "Your text preferences could not be loaded just now; please reload the page.",
} as const;

/** The panel's one-line state. */
export function memberTextState(consent: MemberTextConsent): string {
  if (!consent.agreed) return memberTextMessages.off;
  if (consent.stopped) return memberTextMessages.onButStopped;
  return consent.phone ? memberTextMessages.on(consent.phone) : memberTextMessages.off;
}
