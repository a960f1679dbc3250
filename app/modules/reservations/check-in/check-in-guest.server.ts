import type { Database } from "#app/lib/db.server";
import { tapArrival, type CheckInActor, type CheckInOutcome } from "./arrivals.server";

/** Staff mark one more seat of a reservation arrived ('arrive-one'), or all of them ('arrive-all'). */
export function checkInGuest(db: Database, actor: CheckInActor, input: unknown): Promise<CheckInOutcome> {
  return tapArrival(db, actor, input, ["arrive-one", "arrive-all"]);
}
