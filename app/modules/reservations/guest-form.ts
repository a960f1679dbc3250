import { z } from "zod/mini";
import { oneLine } from "#app/modules/security";
import { MAX_SEATS_PER_RESERVATION, MIN_SEATS, reservationMessages } from "./reservation-form";

/**
 * Guests added and edited by staff (docs/decisions/043): a phone booking or a walk-in at the door,
 * and fixing a guest's name, e-mail, phone or seats. The schemas the server validates with and the
 * texts the forms show. Browser-safe.
 */
export const guestFormMessages = {
  notAllowed: "You may not add or edit guests.",
  eventGone: "This event no longer exists.",
  guestGone: "This guest's reservation no longer exists.",
  notTakingReservations: "This event does not take reservations here (it has no seat limit).",
  seatsLeft: (left: number) => (left <= 0 ? "No seats are left for this event." : `Only ${left} ${left === 1 ? "seat is" : "seats are"} left for this event.`),
  belowArrived: (arrived: number) => `${arrived} ${arrived === 1 ? "seat has" : "seats have"} already arrived: seats cannot be fewer than that (undo the arrival first).`,
  couldNotSave: "The guest could not be saved just now. Please try again.",
  added: (name: string, seats: number) => `${name} added with ${seats} ${seats === 1 ? "seat" : "seats"}.`,
  walkInAdded: (name: string, seats: number) => `Walk-in ${name} added, ${seats} ${seats === 1 ? "seat" : "seats"} arrived.`,
  confirmationQueued: " The confirmation e-mail is on its way.",
  edited: (name: string) => `${name}'s reservation saved.`,
  unchanged: "Nothing was changed.",
} as const;

/** An empty field posts "": no value. */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined)),
    z.optional(z.string().check(z.maxLength(max, message), oneLine)),
  );

const seats = z
  .pipe(
    z.union([z.string(), z.number()], { error: reservationMessages.seats }),
    z.transform((value) => (typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value))),
  )
  .check(z.refine((value) => Number.isInteger(value) && value >= MIN_SEATS && value <= MAX_SEATS_PER_RESERVATION, reservationMessages.seats));

const guestFields = {
  name: z
    .string({ error: reservationMessages.name })
    .check(z.trim(), z.minLength(1, reservationMessages.name), z.maxLength(100, reservationMessages.nameTooLong), oneLine),
  /** Optional for staff: a walk-in or a phone booking may have none (decision 043). */
  email: z.pipe(
    z.transform((value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined)),
    z.optional(z.string().check(z.maxLength(254, reservationMessages.email), z.email(reservationMessages.email))),
  ),
  phone: optionalText(30, reservationMessages.phoneTooLong),
  seats,
};

/** A ticked checkbox posts "on"; an unticked one posts nothing. */
const checkbox = z.catch(z.optional(z.string()), undefined);

export const isTicked = (value: string | undefined) => value === "on" || value === "true";

export const addGuestSchema = z.object({
  eventId: z.string().check(z.uuid(guestFormMessages.eventGone)),
  ...guestFields,
  /** A walk-in at the door: every seat arrives as the guest is added. */
  walkIn: checkbox,
  /** 'Send the confirmation e-mail' (only with an address). */
  sendConfirmation: checkbox,
});

export const editGuestSchema = z.object({
  reservationId: z.string().check(z.uuid(guestFormMessages.guestGone)),
  /** The event the page is about, when it names one (check-in): a guest of another event is not found there. */
  eventId: z.optional(z.string().check(z.uuid(guestFormMessages.guestGone))),
  ...guestFields,
});

export type AddGuestInput = z.infer<typeof addGuestSchema>;
export type EditGuestInput = z.infer<typeof editGuestSchema>;

/** What staff typed in a guest form, so a refused form shows it again. */
export function typedGuestValues(input: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const key of ["name", "email", "phone", "seats", "reservationId", "walkIn", "sendConfirmation"]) {
    if (typeof input[key] === "string") values[key] = input[key] as string;
  }
  return values;
}

export type GuestFailureReason = "forbidden" | "not-found" | "invalid" | "failed";

/** What adding or editing a guest answers; a refusal carries the field errors and what was typed. */
export type GuestOutcome =
  | { ok: true; message: string; reservationId: string }
  | { ok: false; reason: GuestFailureReason; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };


export function guestRefusal(reason: GuestFailureReason, message: string, extra: { fieldErrors?: Record<string, string>; values?: Record<string, string> } = {}): Extract<GuestOutcome, { ok: false }> {
  return { ok: false, reason, message, ...extra };
}
