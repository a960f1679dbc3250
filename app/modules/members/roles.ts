/**
 * Who may do what. Roles come from the staff allow-lists of the configuration (ADMIN_EMAILS,
 * EVENT_STAFF_EMAILS), compared trimmed and lower-cased; everyone else signed in is a member.
 */
export type Role = "admin" | "event-staff" | "member";

/** The staff areas and the roles that may enter each. */
export const staffAreas = {
  /** The dashboard, event management, communications, campaigns, imports. */
  admin: ["admin"],
  /** The event reservations page and its endpoints. */
  reservations: ["admin", "event-staff"],
} as const satisfies Record<string, readonly Role[]>;

export type StaffArea = keyof typeof staffAreas;

export interface StaffLists {
  adminEmails: readonly string[];
  eventStaffEmails: readonly string[];
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function roleForEmail(email: string, lists: StaffLists): Role {
  const address = normaliseEmail(email);
  if (lists.adminEmails.some((entry) => normaliseEmail(entry) === address)) return "admin";
  if (lists.eventStaffEmails.some((entry) => normaliseEmail(entry) === address)) return "event-staff";
  return "member";
}

export function canEnter(role: Role, area: StaffArea): boolean {
  return (staffAreas[area] as readonly Role[]).includes(role);
}

export function isStaff(role: Role): boolean {
  return role !== "member";
}
