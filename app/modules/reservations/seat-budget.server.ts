import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { spendBudget, type LimitedClient } from "#app/modules/security/index.server";
import { seatBudgetRefusal } from "./reservation-form";

/** A client of the public reservation forms, with its seat budget (SEATS_PER_CLIENT_PER_EVENT_PER_DAY). */
export interface SeatBudgetClient extends LimitedClient {
  seatsPerEvent: number;
}

/** The budget's window: a day, so throw-away addresses cannot hold an event's seats from one client. */
const SEAT_BUDGET_WINDOW_SECONDS = 24 * 60 * 60;

export type SeatBudgetOutcome =
  | { ok: true; giveBack: () => Promise<void> }
  | { ok: false; reason: "seat-budget-reached"; message: string; retryAfterSeconds: number }
  | { ok: false; reason: "could-not-check" };

/**
 * Spends `seats` of the client's seat budget for an event (docs/decisions/037): reservations and
 * waiting-list places (whose offers hold seats) share one budget per client and event. Refused
 * before anything is written, and then nothing is counted; `giveBack` when no seats were taken.
 */
export async function spendSeatBudget(db: Database, client: SeatBudgetClient, eventSlug: string, seats: number): Promise<SeatBudgetOutcome> {
  const rule = { limit: client.seatsPerEvent, windowSeconds: SEAT_BUDGET_WINDOW_SECONDS };
  const outcome = await spendBudget(db, { key: `seats:${eventSlug}:client:${client.key}`, rule }, seats, client.rateLimitMultiplier).catch(
    (error: unknown) => {
      logFailure("reservations", "counting a client's seats", error);
      return null;
    },
  );
  if (!outcome) return { ok: false, reason: "could-not-check" };
  if (outcome.allowed) return { ok: true, giveBack: () => outcome.giveBack().catch((error: unknown) => logFailure("reservations", "giving back a client's seats", error)) };
  return { ok: false, reason: "seat-budget-reached", message: seatBudgetRefusal(outcome.remaining), retryAfterSeconds: outcome.retryAfterSeconds };
}
