import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Who someone is to the site. Roles come from the staff allow-lists of the configuration (ADMIN_EMAILS,
 * EVENT_STAFF_EMAILS), compared as one address (normaliseEmailAddress, docs/decisions/061); everyone else signed in is a member.
 * What each role may do is policy.ts's to say.
 */
export type Role = "admin" | "event-staff" | "member";

export interface StaffLists {
  adminEmails: readonly string[];
  eventStaffEmails: readonly string[];
}

export function roleForEmail(email: string, lists: StaffLists): Role {
  const address = normaliseEmailAddress(email);
  if (lists.adminEmails.some((entry) => normaliseEmailAddress(entry) === address)) return "admin";
  if (lists.eventStaffEmails.some((entry) => normaliseEmailAddress(entry) === address)) return "event-staff";
  return "member";
}
