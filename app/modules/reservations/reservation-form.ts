import { z } from "zod/mini";
import { oneLine } from "#app/modules/security";
import { contributionMessages, CONTRIBUTION_MAX_PER_SEAT, CONTRIBUTION_MIN_PER_SEAT, CONTRIBUTION_SUGGESTED_PER_SEAT, readPerSeatAmount } from "#app/modules/payments";

/**
 * The reservation form (the reserve dialog on every event card, and its no-JavaScript page): the
 * one schema the browser and the server validate with, and every text the spec fixes.
 */
export const reservationMessages = {
  name: "Please enter your name.",
  nameTooLong: "Please shorten your name to at most 100 characters.",
  email: "Please enter a valid email address.",
  phoneTooLong: "Please enter a phone number of at most 30 characters.",
  /** The SMS box ticked without a number to text, or with one that is not a phone number. */
  phoneForTexts: "Please enter the phone number to text, or untick the text messages box.",
  phoneNotTextable: "Please enter a phone number we can text (e.g. +1 619 555 0100), or untick the text messages box.",
  seats: "Please choose between 1 and 10 seats.",
  eventNotFound: "Event not found.",
  couldNotCheck: "Could not check reservations.",
  notEnoughSeats: "Sold out or not enough seats available.",
  couldNotSave: "Could not save reservation.",
  /** A past, private, coming-soon or ticket-only event: the card offers no reserve button either. */
  notTakingReservations: "This event is not taking reservations here.",
  /** One address may hold at most MAX_SEATS_PER_ADDRESS seats of an event, whoever reserves them. */
  seatsPerAddressReached: "You can reserve at most 10 seats for this event per e-mail address.",
  /** One client (connection) reserved its day's seats for this event, whatever addresses it typed. */
  seatBudgetReached: "No more seats can be reserved for this event from your connection today.",
  /** A submission key that is not one the form made (the form is old or was tampered with). */
  submissionKey: "This form has expired. Please reload the page and try again.",
  /** What the dialog shows when a failure came without a text of its own. */
  failed: "Reservation failed. Please try again.",
  /** The contribution note under the fields (the spec's words, with the range from the brand's settings). */
  contribution: `Suggested contribution: $${CONTRIBUTION_MIN_PER_SEAT} to $${CONTRIBUTION_MAX_PER_SEAT} per seat, paid online after reserving or through the link we send you by e-mail.`,
  contributionPerSeat: contributionMessages.perSeat,
} as const;

export const MIN_SEATS = 1;
export const MAX_SEATS_PER_RESERVATION = 10;
/** Seats one e-mail address (normalised) may hold for one event, across its reservations. */
export const MAX_SEATS_PER_ADDRESS = 10;

/** The refusal of a request over the per-address cap, with what the address may still reserve. */
export function seatsPerAddressRefusal(remaining: number): string {
  if (remaining <= 0) return reservationMessages.seatsPerAddressReached;
  return `${reservationMessages.seatsPerAddressReached} This address can reserve ${remaining} more ${remaining === 1 ? "seat" : "seats"}.`;
}

/**
 * Where a group beyond the seat budget is sent (a household or an office shares one connection):
 * the organisers, through the contact page. Pages show it after the refusal, `href` as a link.
 */
export const seatBudgetContact = { lead: "For a larger group, please write to the organisers through our", linkText: "contact page", href: "/contact" } as const;

/** The refusal of a request over the client's seat budget, with what it may still reserve. */
export function seatBudgetRefusal(remaining: number): string {
  if (remaining <= 0) return `${reservationMessages.seatBudgetReached} Please try again tomorrow.`;
  return `Only ${remaining} more ${remaining === 1 ? "seat" : "seats"} can be reserved for this event from your connection today.`;
}

export const reservationSchema = z.object({
  name: z
    .string({ error: reservationMessages.name })
    .check(z.trim(), z.minLength(1, reservationMessages.name), z.maxLength(100, reservationMessages.nameTooLong), oneLine),
  email: z
    .string({ error: reservationMessages.email })
    .check(z.trim(), z.maxLength(254, reservationMessages.email), z.email(reservationMessages.email)),
  phone: z.optional(
    z.string({ error: reservationMessages.phoneTooLong }).check(z.trim(), z.maxLength(30, reservationMessages.phoneTooLong), oneLine),
  ),
  /** A form posts text; JSON may post a number. */
  seats: z.pipe(
    z.union([z.string(), z.number()], { error: reservationMessages.seats }),
    z.transform((value) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value))),
  ).check(z.refine((value) => Number.isInteger(value) && value >= MIN_SEATS && value <= MAX_SEATS_PER_RESERVATION, reservationMessages.seats)),
  /**
   * The form's one-time key (newSubmissionKey): a retry of the same submission (a lost answer, a
   * double click, a resent post) gets the reservation it already made instead of a second one.
   * Optional, so older pages and API clients still reserve, without that protection.
   */
  submissionKey: z.optional(z.string({ error: reservationMessages.submissionKey }).check(z.trim(), z.uuid(reservationMessages.submissionKey))),
  /**
   * The contribution per seat the guest chose, whole dollars within the range (issue 37). Optional,
   * so older pages and API clients still reserve; the reservation then expects the suggested amount.
   */
  contribution: z.optional(
    z.pipe(
      z.union([z.string(), z.number()], { error: contributionMessages.perSeat }),
      z.transform((value) => readPerSeatAmount(value) ?? Number.NaN),
    ).check(z.refine((value) => Number.isInteger(value), contributionMessages.perSeat)),
  ),
  /** The optional SMS box ("on" when ticked): consent to texts at `phone` (docs/decisions/043). */
  smsConsent: z.catch(z.optional(z.literal("on")), undefined),
}).check(z.refine((input) => input.smsConsent !== "on" || Boolean(input.phone), { path: ["phone"], error: reservationMessages.phoneForTexts }));

export type ReservationInput = z.infer<typeof reservationSchema>;

/**
 * A fresh one-time key for a reservation form (a version 4 UUID). Made from getRandomValues, which
 * browsers offer on plain http too, where crypto.randomUUID is missing.
 */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
export type ReservationField = "name" | "email" | "phone" | "seats" | "contribution" | "smsConsent";

/** What the visitor typed, so a form shown again with its errors loses nothing. */
export interface ReservationValues {
  name: string;
  email: string;
  phone: string;
  seats: string;
  /** Dollars per seat, as typed. */
  contribution: string;
  /** "on" when the SMS box was ticked. */
  smsConsent: string;
}

export function typedReservationValues(input: Record<string, unknown>): ReservationValues {
  const text = (key: string) => (typeof input[key] === "string" ? (input[key] as string) : typeof input[key] === "number" ? String(input[key]) : "");
  return { name: text("name"), email: text("email"), phone: text("phone"), seats: text("seats") || "1", contribution: text("contribution") || String(CONTRIBUTION_SUGGESTED_PER_SEAT), smsConsent: text("smsConsent") === "on" ? "on" : "" };
}

/**
 * What the reserve action answers (the contract between the dialog, the no-JavaScript page and the
 * server): the confirmed reservation, or the errors with what was typed.
 */
export type ReservationResult =
  | {
      ok: true;
      reservation: {
        id: string;
        seats: number;
        eventTitle: string;
        dateLabel: string;
        timeLabel: string;
        email: string;
        cancelPath?: string;
        /** The contribution the guest chose for these seats, and where to pay it now (with Stripe configured). */
        contribution?: { totalCents: number; payPath?: string };
        /** Said when mail to this address hard-bounced before (deliverability): the confirmation is still sent. */
        mailWarning?: string;
      };
    }
  | {
      ok: false;
      error?: string;
      fieldErrors?: Partial<Record<ReservationField, string>>;
      values: ReservationValues;
      /** Refused by the seat budget: the page says how to reach the organisers (`seatBudgetContact`). */
      contactOrganisers?: boolean;
    };
