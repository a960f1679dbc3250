import { format, parseISO } from "date-fns";
import { z } from "zod";
import { oneLine, severalLines } from "#app/modules/security";
import { siteConfig } from "#app/lib/site-config";
import type { PastEvent } from "./attendee-csv";

/**
 * The past attendees' invitation e-mail's editable words (docs/decisions/044): a subject and the
 * paragraphs after the greeting and the line naming the event. Browser-safe: the import page
 * checks them with the schema the server uses.
 */
export type InvitationWording = { subject: string; intro: string };

export const MAX_SUBJECT_LENGTH = 150;
export const MAX_INTRO_LENGTH = 2000;

export const invitationWordingMessages = {
  subject: "The subject is required",
  subjectLength: `The subject can be at most ${MAX_SUBJECT_LENGTH} characters`,
  intro: "The message is required",
  introLength: `The message can be at most ${MAX_INTRO_LENGTH} characters`,
  invalid: "Please check the invitation's words: nothing was sent.",
  changed: "You changed the words after the preview. Here is the invitation with the new words: check it, then confirm. Nothing was sent.",
} as const;

export const invitationWordingSchema = z.object({
  subject: z
    .string({ error: invitationWordingMessages.subject })
    .trim()
    .min(1, invitationWordingMessages.subject)
    .max(MAX_SUBJECT_LENGTH, invitationWordingMessages.subjectLength)
    .check(oneLine),
  intro: z
    .string({ error: invitationWordingMessages.intro })
    // Windows line ends and trailing spaces are not a change of words.
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, invitationWordingMessages.intro).max(MAX_INTRO_LENGTH, invitationWordingMessages.introLength).check(severalLines)),
});

/**
 * The words before anyone edited them: the invitation's earlier fixed text (messaging's template),
 * less its general thank-you, which the line naming the event now says.
 */
export const DEFAULT_INVITATION_WORDING: InvitationWording = {
  subject: `A gift for you: 4 unreleased tracks from ${siteConfig.brand.name}`,
  intro: [
    "As a thank-you, we would like to give you a gift of 4 unreleased tracks, recorded live at the piano.",
    "Complete your free membership with the button below and the music is yours, along with early invitations to our next gatherings.",
  ].join("\n\n"),
};

/** The paragraphs of an intro: split at blank lines, each paragraph's lines joined. */
export function introParagraphs(intro: string): string[] {
  return intro
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split("\n").map((line) => line.trim()).join(" ").trim())
    .filter(Boolean);
}

/**
 * The line naming the event the invitee came to, from what the import knew (the CSV's event name
 * and start date): the latest visit with a name (by date where the file gave a year, else the last
 * listed), or the general thanks when the file named no event.
 */
export function eventLineFor(history: readonly PastEvent[] | null | undefined): string {
  const named = (history ?? []).filter((event) => event.name?.trim());
  if (!named.length) return "Thank you for joining us at one of our live piano meditations.";
  const dated = named.filter((event) => event.date && /^\d{4}-\d{2}-\d{2}$/.test(event.date));
  const latest = dated.length ? dated.reduce((a, b) => (b.date! >= a.date! ? b : a)) : named.at(-1)!;
  const when = latest.date ? (/^\d{4}-\d{2}-\d{2}$/.test(latest.date) ? format(parseISO(latest.date), "MMMM do, yyyy") : latest.date) : "";
  const others = named.length - 1;
  const before = others > 0 ? `, and ${others === 1 ? "once" : `${others} times`} before` : "";
  return `Thank you for joining us at ${latest.name.trim()}${when ? ` on ${when}` : ""}${before}.`;
}
