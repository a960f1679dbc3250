import { communitySignupSchema, newsletterSubscriptionSchema } from "#app/modules/community";
import { eventFormSchema } from "#app/modules/events";
import { acceptanceSchema } from "#app/modules/invitations";
import { emailOnlySchema, signUpSchema, validateProfile, type ProfileField } from "#app/modules/members";
import { reservationSchema } from "#app/modules/reservations";
import { hasControlCharacters, withoutControlCharacters } from "#app/modules/security";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * The old site's cells pass the rules of the site's own forms (issue 34): what a visitor, member or
 * staff member could not have typed here does not arrive through the import either. Each column is
 * checked by the schema of the form that collects it (reused, not copied); since nobody can be asked
 * to retype an old row, control characters are taken out of text (a line break in a name becomes a
 * space) rather than the row refused. Pure.
 *
 * The cells come from a file or database nobody checked: no cell longer than MAX_CELL_LENGTH is
 * read at all (`leaveOutOversizedCells` runs first), so no pattern here or in the forms' schemas
 * ever meets more than that.
 */

/**
 * The longest cell the import reads. The longest text any form takes is 5,000 characters (an
 * event's description): up to this length a cell too long for its form is refused by the form's
 * rule, in the form's words; past it, it is no text anyone typed, and is left out unread.
 */
export const MAX_CELL_LENGTH = 16_384;

/** The part of a zod (or zod/mini) schema the import uses. */
export interface FormRule<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: readonly { message: string }[] } };
}

/** Which form's rule each legacy column answers to. */
export const legacyRules = {
  /** The members' sign-up and sign-in forms. */
  memberEmail: emailOnlySchema.shape.email,
  memberName: signUpSchema.shape.name,
  /** The community form (/join). */
  communityEmail: communitySignupSchema.shape.email,
  communityName: communitySignupSchema.shape.name,
  communityPhone: communitySignupSchema.shape.phone,
  /** The newsletter and launch-waitlist forms. */
  listEmail: newsletterSubscriptionSchema.shape.email,
  /** The invitation acceptance form, which also fills the member directory. */
  invitationEmail: acceptanceSchema.shape.email,
  firstName: acceptanceSchema.shape.firstName,
  lastName: acceptanceSchema.shape.lastName,
  invitationPhone: acceptanceSchema.shape.phone,
  /** The staff event form. */
  eventTitle: eventFormSchema.shape.title,
  eventLocation: eventFormSchema.shape.location,
  eventAddress: eventFormSchema.shape.address,
  eventDescription: eventFormSchema.shape.description,
  ticketsLink: eventFormSchema.shape.ticketsLink,
  eventButton: eventFormSchema.shape.button,
  maxSeats: eventFormSchema.shape.maxSeats,
  /** The reservation form. */
  guestName: reservationSchema.shape.name,
  guestEmail: reservationSchema.shape.email,
  guestPhone: reservationSchema.shape.phone,
} satisfies Record<string, FormRule<unknown>>;

export type LegacyCells = Record<string, string | null>;

/** Sets every cell longer than MAX_CELL_LENGTH to null, unread (`oversizedProblem` says why); answers the columns it emptied. */
export function leaveOutOversizedCells(row: LegacyCells): string[] {
  let emptied: string[] | undefined;
  for (const column in row) {
    const value = row[column];
    if (value !== null && value !== undefined && value.length > MAX_CELL_LENGTH) {
      row[column] = null;
      (emptied ??= []).push(column);
    }
  }
  return emptied ?? [];
}

/** What a check answers: the value to store (null for none), and whether control characters were taken out. */
export type FieldCheck<T> = { ok: true; value: T | null; cleaned: boolean } | { ok: false; problem: string };

export const oversizedProblem = `longer than ${MAX_CELL_LENGTH.toLocaleString("en-US")} characters`;
const oversized = { ok: false, problem: oversizedProblem } as const;

/**
 * One line of text (a name, a title, a place, a phone, a link): each run of control characters
 * becomes a space, then the form's rule decides. An empty cell is no value, whatever the rule.
 */
export function checkLine<T>(value: string | null | undefined, rule: FormRule<T>): FieldCheck<T> {
  if (value === null || value === undefined) return { ok: true, value: null, cleaned: false };
  if (value.length > MAX_CELL_LENGTH) return oversized;
  const cleaned = hasControlCharacters(value);
  return decide(cleaned ? withoutControlCharacters(value) : value.trim(), cleaned, rule);
}

/**
 * Text of several lines (a description, a bio): line breaks are kept, every other control character
 * (NUL, bell, escape…) becomes a space as in one-line text.
 */
export function checkText<T>(value: string | null | undefined, rule: FormRule<T>): FieldCheck<T> {
  if (value === null || value === undefined) return { ok: true, value: null, cleaned: false };
  if (value.length > MAX_CELL_LENGTH) return oversized;
  const lines = value.split(/\r\n|\r|\n/);
  const cleaned = lines.some(hasControlCharacters);
  return decide(cleaned ? lines.map((line) => (hasControlCharacters(line) ? withoutControlCharacters(line) : line)).join("\n").trim() : value.trim(), cleaned, rule);
}

function decide<T>(text: string, cleaned: boolean, rule: FormRule<T>): FieldCheck<T> {
  if (!text) return { ok: true, value: null, cleaned };
  const parsed = rule.safeParse(text);
  if (!parsed.success) return { ok: false, problem: parsed.error.issues[0]?.message ?? "refused by the form's rule" };
  return { ok: true, value: parsed.data ?? null, cleaned };
}

/** An e-mail address, trimmed and lower-cased, if the form's rule takes it; else null. */
export function checkEmail(value: string | null | undefined, rule: FormRule<string>): string | null {
  if (!value || value.length > MAX_CELL_LENGTH) return null;
  const parsed = rule.safeParse(normaliseEmailAddress(value));
  return parsed.success ? parsed.data : null;
}

/** Takes any text: for cleaning alone, where a whole form's schema decides after (checkProfile). */
const anyText: FormRule<string> = { safeParse: (value) => ({ success: true, data: String(value) }) };

const PROFILE_COLUMNS = {
  fullName: "full_name",
  bio: "bio",
  preferredMeditationDuration: "preferred_meditation_duration",
  preferredMeditationTime: "preferred_meditation_time",
} as const satisfies Partial<Record<ProfileField, string>>;

/**
 * A member's profile as the profile form takes it (validateProfile): control characters taken out
 * of the name and bio, and each field the form refuses left out (null), said in `notes`.
 */
export function checkProfile(row: LegacyCells): { values: Record<keyof typeof PROFILE_COLUMNS, string | null>; notes: string[] } {
  const notes: string[] = [];
  const fullName = checkLine(row.full_name, anyText);
  const bio = checkText(row.bio, anyText);
  const values: Record<keyof typeof PROFILE_COLUMNS, string | null> = {
    fullName: fullName.ok ? fullName.value : null,
    bio: bio.ok ? bio.value : null,
    preferredMeditationDuration: row.preferred_meditation_duration?.trim() || null,
    preferredMeditationTime: row.preferred_meditation_time?.trim() || null,
  };
  if (fullName.ok && fullName.cleaned) notes.push("full_name: control characters taken out");
  if (bio.ok && bio.cleaned) notes.push("bio: control characters taken out");
  const checked = validateProfile({
    fullName: values.fullName ?? "",
    bio: values.bio ?? "",
    preferredMeditationDuration: values.preferredMeditationDuration ?? "",
    preferredMeditationTime: values.preferredMeditationTime ?? "",
    notificationPreference: true,
  });
  if (!checked.success) {
    for (const [field, message] of Object.entries(checked.fieldErrors) as [keyof typeof PROFILE_COLUMNS, string][]) {
      // An empty choice is no choice, not a refusal.
      if (values[field] !== null) notes.push(`${PROFILE_COLUMNS[field]} '${shown(values[field])}' left out: ${message}`);
      values[field] = null;
    }
  }
  return { values, notes };
}

/** How much of a refused value the report quotes. */
const SHOWN_LENGTH = 60;

/** A cell as the report quotes it: on one line, and cut short (the report is printed and stored). */
export function shown(value: string | null | undefined): string {
  if (!value) return "";
  const start = value.slice(0, SHOWN_LENGTH + 1);
  const text = hasControlCharacters(start) ? withoutControlCharacters(start) : start.trim();
  return value.length > SHOWN_LENGTH ? `${text.slice(0, SHOWN_LENGTH)}… (${value.length.toLocaleString("en-US")} characters)` : text;
}

/** A slug as the site writes them (slugForEvent): lower-case letters and digits joined by single hyphens. */
export function isSiteSlug(value: string): boolean {
  // Each hyphen must sit between two runs, so the pattern reads every character once.
  return value.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(value);
}
