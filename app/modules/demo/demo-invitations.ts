/**
 * The demo seed's three invitations, one per state, so /invitation can be tried on a fresh
 * install (and the tests use the same ones). Their rids are made at seeding like real ones, so
 * they differ on every installation: an rid printed in a README would hand anyone an accepted
 * membership with music. Admins find the links on /admin/setup; the server prints them at start.
 */
const DAY = 24 * 60 * 60 * 1000;

export const demoInvitations = {
  /** Pending: Rosa came to three gatherings, so her form defaults to hearing about everything. */
  pending: {
    email: "rosa.delgado@example.com",
    firstName: "Rosa",
    lastName: "Delgado",
    phone: "+1 619 555 0187",
    city: "San Diego",
    state: "CA",
    eventHistory: [
      { name: "Sunset Piano Meditation at Mount Soledad", date: "2026-06-14" },
      { name: "Candlelight Yoga and Piano", date: "2026-07-19" },
      { name: "Full Moon Piano Meditation", date: "2026-08-09" },
    ],
    sentDaysAgo: 2,
  },
  /** Accepted: James already has his membership and music. */
  accepted: {
    email: "james.whitfield@example.com",
    firstName: "James",
    lastName: "Whitfield",
    phone: "+1 858 555 0123",
    city: "La Jolla",
    state: "CA",
    eventHistory: [{ name: "Candlelight Yoga and Piano", date: "2026-07-19" }],
    sentDaysAgo: 20,
  },
  /** Expired: Nora's invitation went out more than 30 days ago and was never accepted. */
  expired: {
    email: "nora.kim@example.com",
    firstName: "Nora",
    lastName: "Kim",
    phone: "+1 760 555 0166",
    city: "Encinitas",
    state: "CA",
    eventHistory: [{ name: "Sunset Piano Meditation at Mount Soledad", date: "2026-06-14" }],
    sentDaysAgo: 45,
  },
} as const;

export type DemoInvitationState = keyof typeof demoInvitations;

/** When a demo invitation went out, counted back from the first seeding. */
export function demoSentAt(daysAgo: number, now = new Date()): Date {
  return new Date(now.getTime() - daysAgo * DAY);
}
