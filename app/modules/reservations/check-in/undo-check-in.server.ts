import type { Database } from "#app/lib/db.server";
import { tapArrival, type CheckInActor, type CheckInOutcome } from "./arrivals.server";

/** Staff take back one arrived seat of a reservation (a tap on the wrong guest, a guest who left). */
export function undoCheckIn(db: Database, actor: CheckInActor, input: unknown): Promise<CheckInOutcome> {
  return tapArrival(db, actor, { ...(typeof input === "object" && input !== null ? input : {}), intent: "undo" }, ["undo"]);
}
