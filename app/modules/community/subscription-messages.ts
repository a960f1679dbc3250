/**
 * The texts and choices of the sign-up forms. Kept apart from the zod schemas so the forms on
 * every page can show them without shipping the validation library to the browser.
 */
export const subscriptionMessages = {
  newsletterSuccess: "Thank you for subscribing!",
  waitlistSuccess: "Thank you! You're on the list.",
  failure: "There was an error. Please try again.",
} as const;

export const waitlistSources = ["meditations", "harmonize", "home"] as const;
export type WaitlistSource = (typeof waitlistSources)[number];

/** The answer of the newsletter and waitlist forms' action, read by their fetchers. */
export type SubscriptionActionData =
  | { ok: true; message: string }
  | { ok: false; error: string; email: string };
