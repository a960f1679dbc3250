import type { Database } from "#app/lib/db.server";
import { findDoorEvent } from "#app/modules/reservations/index.server";
import { can, type Actor } from "#app/modules/access";

/**
 * Where a person lands after signing in without asking for a page: admins on the dashboard;
 * event staff at the door of today's (or the next) event, or on the reservations page when none is
 * coming; members on their welcome page (or `memberPath`: a password sign-in goes to /).
 */
export async function landingPathAfterSignIn(
  db: Database,
  actor: Actor,
  options: { timeZone: string; now?: Date; memberPath?: string },
): Promise<string> {
  if (can(actor, "open-dashboard")) return "/admin";
  if (can(actor, "manage-reservations")) {
    const event = await findDoorEvent(db, actor, options);
    return event ? `/admin/eventreservations/${event.id}/check-in` : "/admin/eventreservations";
  }
  return options.memberPath ?? "/welcome";
}
