import type { Database } from "#app/lib/db.server";
import { MAX_SEATS_PER_RESERVATION } from "../reservation-form";
import { tapArrival, type CheckInActor, type CheckInOutcome } from "./arrivals.server";

/** Staff mark one more seat of a reservation arrived ('arrive-one'), or all of them ('arrive-all'). */
export function checkInGuest(db: Database, actor: CheckInActor, input: unknown): Promise<CheckInOutcome> {
  return tapArrival(db, actor, input, ["arrive-one", "arrive-all"]);
}

/**
 * The door scanner's **Check in N**: N seats, one tap each (each its own row lock and activity
 * line, as N taps on the list would be), stopping at the first that changes nothing (everyone in).
 * Answers the last tap that counted, or the first refusal when none did.
 */
export async function checkInSeats(db: Database, actor: CheckInActor, input: Record<string, unknown>): Promise<CheckInOutcome> {
  const seats = typeof input.seats === "string" && input.seats.length <= 2 ? Number(input.seats) : Number.NaN;
  if (!Number.isInteger(seats) || seats < 1 || seats > MAX_SEATS_PER_RESERVATION) return { ok: false, reason: "invalid", message: `Check in between 1 and ${MAX_SEATS_PER_RESERVATION} seats.` };
  let last: CheckInOutcome | undefined;
  for (let seat = 0; seat < seats; seat += 1) {
    const outcome = await tapArrival(db, actor, { ...input, intent: "arrive-one" }, ["arrive-one"]);
    if (!outcome.ok) return last ?? outcome;
    last = outcome;
  }
  return last!;
}
