import { formatVenueDateTime } from "#app/lib/event-dates";

/** An instant in the venue's zone, the way every staff page writes it ('August 15th, 2025, 6:30 PM'); '—' for none. */
export function staffDateTime(value: Date | string | null | undefined, timeZone: string): string {
  if (!value) return "—";
  return formatVenueDateTime(new Date(value), timeZone);
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? one : many}`;
}

/**
 * An event's seats as a founder says them: '9 of 12 seats taken, 3 left', 'Full: 12 of 12
 * seats taken', 'No seats taken yet: 12 free', or 'Tickets sold elsewhere' when the site takes none.
 */
export function seatsInWords(seats: { maxSeats: number | null; seatsTaken: number }): string {
  const { maxSeats, seatsTaken } = seats;
  if (maxSeats === null) return "Tickets sold elsewhere";
  if (maxSeats === 0) return "No seats offered";
  if (seatsTaken >= maxSeats) return `Full: ${seatsTaken.toLocaleString("en-US")} of ${plural(maxSeats, "seat")} taken`;
  if (seatsTaken === 0) return `No seats taken yet: ${maxSeats.toLocaleString("en-US")} free`;
  return `${seatsTaken.toLocaleString("en-US")} of ${plural(maxSeats, "seat")} taken, ${(maxSeats - seatsTaken).toLocaleString("en-US")} left`;
}
