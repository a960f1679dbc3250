import type { Role } from "./roles";

/**
 * Who may do what: the one place that answers it. Pages, endpoints, use cases and the UI that
 * decides which buttons to show all ask `can(actor, action)`; nothing else compares roles.
 *
 * Roles come from the configuration's allow-lists (see roles.ts). Admins may do everything; event
 * staff run the reservations page, and only for the events in their scope (published and taking
 * reservations); members and visitors nothing of the staff side.
 */
export const staffActions = {
  /** The dashboard and its summaries (/admin). */
  "open-dashboard": ["admin"],
  /**
   * Create, edit, feature, duplicate, publish, unpublish, archive, restore and delete events for
   * good (/admin/eventmanagement, the one place events are made: docs/decisions/041).
   */
  "manage-events": ["admin"],
  /** See and work the guest lists: reservations, waiting lists, reminders, check-in (/admin/eventreservations). */
  "manage-reservations": ["admin", "event-staff"],
  /**
   * Change how many seats an event takes (the reservations page's max seats): what the public can
   * book is the founder's call, not the door's.
   */
  "change-seat-limits": ["admin"],
  /**
   * Delete an event for good, with its reservations (the reservations page's 'Delete event'; the
   * events page's delete is manage-events): it removes what the events page publishes.
   */
  "delete-events": ["admin"],
  /**
   * E-mail an event's reservation holders (the reservations page's attendee mail, and
   * POST /api/sendAnnouncement with an eventId): the people who run the reservations may write to
   * their own guests, never to an arbitrary list of addresses (that is send-communications).
   */
  "mail-event-attendees": ["admin", "event-staff"],
  /** E-mail and SMS campaigns, announcements to a list of addresses, invitations (/admin/communications). */
  "send-communications": ["admin"],
  /** The suppression list of bounced and complaining addresses: see, export, remove an address (/admin/communications/deliverability). */
  "manage-suppressions": ["admin"],
  /**
   * Record a contribution paid at the door in cash or otherwise (check-in's 'Paid in cash', the
   * guest row): the door takes the money, so the door records it.
   */
  "record-contributions": ["admin", "event-staff"],
  /** Give a contribution back, fully or in part, through Stripe or by hand: money leaves the brand. */
  "refund-contributions": ["admin"],
  /** The activity log of staff actions. */
  "view-activity": ["admin"],
  /**
   * The system status page (/admin/setup): what is configured, each part's state, alerts, backups,
   * demo invitations and import runs. Its summary alone tells an attacker what to aim at.
   */
  "view-system-details": ["admin"],
  /** Remove the demo brand's content from this site for good (/admin/setup; docs/decisions/052). */
  "remove-demo-content": ["admin"],
  /** The whole unreleased playlist, whatever the music_access list says. */
  "hear-unreleased-music": ["admin", "event-staff"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof staffActions;

/** Whoever acts: a signed-in user (their role), or nobody for a visitor. */
export type Actor = { role: Role } | null | undefined;

/** An event's place in its lifecycle (the events module's draft → published → archived). */
export type EventStatus = "draft" | "published" | "archived";

/**
 * What an action is about, when it is about one thing: an event, by what decides whether it is in
 * a role's scope (its status, and its max seats: null for a ticket-link event taking none here).
 */
export interface Resource {
  event: { status: EventStatus; maxSeats: number | null };
}

/**
 * Where a staff user's work starts: the dashboard for admins, the reservations page for event
 * staff (who may not open the dashboard); null for members and visitors. The header's 'Staff'
 * link, the profile and `/admin` itself lead there.
 */
export function staffHomePath(actor: Actor): string | null {
  if (can(actor, "open-dashboard")) return "/admin";
  if (can(actor, "manage-reservations")) return "/admin/eventreservations";
  return null;
}

/**
 * Whether `actor` may do `action`; with a resource, whether they may do it to that one. Admins act
 * on every event. Event staff run the door and the guest lists of the events the public can book
 * here: published ones taking reservations. A draft (not public yet, or taken back), an archived
 * event and a ticket-link event are not theirs to change, mail, read the guests of, or turn into
 * one taking reservations. Every event-level action and read passes the event, so this is the
 * one place the scope is decided.
 */
export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  if (!actor) return false;
  if (!(staffActions[action] as readonly Role[]).includes(actor.role)) return false;
  if (resource && actor.role !== "admin") return inEventStaffScope(resource.event);
  return true;
}

function inEventStaffScope(event: Resource["event"]): boolean {
  return event.status === "published" && event.maxSeats !== null;
}

/** Who does a staff action, as a use case needs them: who (for the activity log) and their role (for `can`). */
export interface StaffMember {
  id: string;
  email: string;
  role: Role;
}

/**
 * The refusal of a staff use case the policy does not allow to this person. Pages and endpoints
 * refuse earlier with their own words; this is the use case's own check (docs/decisions/049).
 */
export function notAllowed(message = "You do not have permission to do this."): { ok: false; reason: "forbidden"; message: string } {
  return { ok: false, reason: "forbidden", message };
}
