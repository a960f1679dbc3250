import { demoReservationGuests } from "./demo-events";
import { demoInvitations } from "./demo-invitations";

/** The demo's newsletter subscribers and launch-waitlist entries (the seed adds them). */
export const demoSubscribers = ["maya.lindqvist@example.com", "daniel.okafor@example.com", "sofia.brennan@example.com"] as const;
export const demoWaitlist = [
  { email: "maya.lindqvist@example.com", source: "meditations" },
  { email: "leo.hartmann@example.com", source: "harmonize", plan: "Harmony Symphony" },
] as const;

/** The addresses of the three demo invitations' people (what accepting one adds is theirs too). */
export const demoInvitedAddresses: string[] = Object.values(demoInvitations).map((person) => person.email);

/**
 * Every address the demo brand's invented people use, all at example.com (a domain reserved for
 * examples, so no real person has one): what removing the demo takes besides its marked rows is
 * found by these, never by a real person's address.
 */
export const demoAddresses: string[] = [
  ...new Set([...demoSubscribers, ...demoWaitlist.map((entry) => entry.email), ...demoInvitedAddresses, ...demoReservationGuests.map((guest) => guest.visitorEmail)]),
];
