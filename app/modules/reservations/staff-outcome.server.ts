import type { StaffActor } from "#app/modules/activity/index.server";
import type { Role } from "#app/modules/access";

/** Who runs the reservations page: a staff member with a role the policy reads. */
export type ReservationsActor = StaffActor & { role: Role };

export type ReservationsAdminReason = "forbidden" | "not-found" | "invalid";

/** What the reservations page's use cases answer; the route maps it to a status and a toast. */
export type ReservationsAdminOutcome<Extra extends object = object> =
  | ({ ok: true; message: string } & Extra)
  | { ok: false; reason: ReservationsAdminReason; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };

export type ReservationsAdminFailure = Extract<ReservationsAdminOutcome, { ok: false }>;

export function refused(reason: ReservationsAdminReason, message: string, extra: Partial<ReservationsAdminFailure> = {}): ReservationsAdminFailure {
  return { ok: false, reason, message, ...extra };
}
