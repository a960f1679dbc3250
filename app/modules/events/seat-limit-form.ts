import { z } from "zod";

/** The failure text of a max seats typed on the reservations page. */
export const seatLimitMessages = {
  maxSeats: "Max seats must be a whole number of at least 1",
} as const;

/** Max seats typed inline on an event's row (the reservations page): a whole number of at least 1. Browser-safe. */
export const maxSeatsSchema = z.object({
  maxSeats: z
    .string({ error: seatLimitMessages.maxSeats })
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= 1, seatLimitMessages.maxSeats)
    .transform(Number),
});
