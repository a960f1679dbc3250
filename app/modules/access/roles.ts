/**
 * Who someone is to the site. Roles come from the staff allow-lists of the configuration (ADMIN_EMAILS,
 * EVENT_STAFF_EMAILS), compared trimmed and lower-cased; everyone else signed in is a member.
 * What each role may do is policy.ts's to say.
 */
export type Role = "admin" | "event-staff" | "member";

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
