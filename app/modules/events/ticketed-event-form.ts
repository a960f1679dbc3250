import { z } from "zod";
import { eventFormMessages, isRealDate, required, TIME_OF_DAY } from "./event-form";

/** Max seats a new ticketed event gets unless staff type another number (spec §9). */
export const DEFAULT_MAX_SEATS = 50;

export const ticketedEventMessages = {
  name: "Name is required",
  date: eventFormMessages.date,
  dateFormat: eventFormMessages.dateFormat,
  time: eventFormMessages.time,
  timeFormat: eventFormMessages.timeFormat,
  maxSeats: "Max seats must be a whole number of at least 1",
} as const;


/**
 * The reservations page's create-event form (the spec's 'ticketed event creation': name, date and
 * time, seats; max seats at least 1, default 50). Date and time are the venue's clock. One schema
 * for the browser and the server. Browser-safe.
 */
export const ticketedEventSchema = z.object({
  name: required(ticketedEventMessages.name, 200),
  date: required(ticketedEventMessages.date, 40).refine(isRealDate, ticketedEventMessages.dateFormat),
  time: required(ticketedEventMessages.time, 40).regex(TIME_OF_DAY, ticketedEventMessages.timeFormat),
  maxSeats: z
    .string()
    .optional()
    .transform((value) => value?.trim() || String(DEFAULT_MAX_SEATS))
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= 1, ticketedEventMessages.maxSeats)
    .transform(Number),
});

export type TicketedEventFields = Partial<Record<keyof z.input<typeof ticketedEventSchema>, string>>;

/** Max seats typed inline on an event's row: a whole number of at least 1. Browser-safe. */
export const maxSeatsSchema = z.object({
  maxSeats: z
    .string({ error: ticketedEventMessages.maxSeats })
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= 1, ticketedEventMessages.maxSeats)
    .transform(Number),
});

/** The strings a form posted for the ticketed event's fields. */
export function ticketedEventValues(form: Record<string, unknown>): TicketedEventFields {
  const values: TicketedEventFields = {};
  for (const field of ["name", "date", "time", "maxSeats"] as const) {
    const value = form[field];
    if (typeof value === "string") values[field] = value;
  }
  return values;
}
