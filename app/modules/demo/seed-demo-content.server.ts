import { addNewsletterSubscribersIfNew, addWaitlistEntriesIfNew } from "#app/modules/community/index.server";
import { addEventIfNew, eventTitlesPresent } from "#app/modules/events/index.server";
import { addInvitationsIfNew, listInvitationsTo } from "#app/modules/invitations/index.server";
import { addUserProfilesIfNew } from "#app/modules/members/index.server";
import { addMusicAccessIfNew } from "#app/modules/music/index.server";
import { buildEvent, buildReservation } from "./factories/events";
import { buildNewsletterSubscriber, buildWaitlistEntry } from "./factories/community";
import { buildInvitation, buildUserProfile } from "./factories/invitations";
import type { Database } from "#app/lib/db.server";
import { demoEvents, demoReservationGuests } from "./demo-events";
import { insertReservations } from "#app/modules/reservations/index.server";
import { demoInvitations, demoSentAt } from "./demo-invitations";
import { listDemoInvitations, type DemoInvitationLink } from "./list-demo-invitations.server";
import { markDemoRows } from "./demo-marks.server";
import { realDataHere } from "./demo-content.server";
import { demoSubscribers, demoWaitlist } from "./demo-people";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** What the seed did: added (or found) the demo, or left a database with real data alone, and why. */
export type DemoSeedOutcome =
  | { added: true; links: DemoInvitationLink[] }
  | { added: false; reason: "imported" | "people"; message: string; links: DemoInvitationLink[] };

const notAdded = {
  imported: "No demo content added: this database holds an import from the old site (demo content never goes beside real data, whatever SEED_DEMO_CONTENT says).",
  people: "No demo content added: this database holds rows people made (demo content never goes beside real data, whatever SEED_DEMO_CONTENT says).",
} as const;

/**
 * The demo brand's content, so a fresh install shows a living site. Only on a database that holds
 * nothing else (docs/decisions/052): an import from the old site, or any row a person made, and
 * nothing is added, whatever the setting. Every row added is marked as demo content in the same
 * transaction, so it can be told apart and removed. Safe to run any number of times: every row has
 * a natural key (an address, an event's title) and existing rows are left alone.
 */
export async function seedDemoContent(db: Database, publicUrl: string): Promise<DemoSeedOutcome> {
  const refused = await db.transaction(async (tx) => {
    const realData = await realDataHere(tx);
    if (realData) return realData;
    await markDemoRows(tx, "newsletter", await addNewsletterSubscribersIfNew(tx, demoSubscribers.map((email) => buildNewsletterSubscriber({ email }))));
    await markDemoRows(tx, "waitlist", await addWaitlistEntriesIfNew(tx, demoWaitlist.map((entry) => buildWaitlistEntry(entry))));
    await seedDemoInvitations(tx);
    await seedDemoEvents(tx);
    return null;
  });
  const links = await listDemoInvitations(db, publicUrl);
  return refused ? { added: false, reason: refused, message: notAdded[refused], links } : { added: true, links };
}

/** The start-up log's lines that say where to try the demo invitations of this installation. */
export function describeDemoInvitations(links: DemoInvitationLink[]): string[] {
  return links.map((link) => `[demo] ${link.state} invitation: ${link.url}`);
}

/** The demo calendar (demo-events.ts): only titles not yet present are added, with their reservations. */
async function seedDemoEvents(db: Database): Promise<void> {
  const calendar = demoEvents();
  const known = await eventTitlesPresent(db, calendar.map((event) => event.title));
  for (const event of calendar.filter((candidate) => !known.has(candidate.title))) {
    const createdId = await addEventIfNew(db, buildEvent(event));
    if (!createdId) continue;
    await markDemoRows(db, "events", [createdId]);
    if (!event.reservedSeats?.length) continue;
    const reserved = await insertReservations(
      db,
      event.reservedSeats.map((seats, index) =>
        buildReservation(createdId, { ...demoReservationGuests[index % demoReservationGuests.length], seats }),
      ),
    );
    await markDemoRows(db, "reservations", reserved.map((row) => row.id));
  }
}

/**
 * One invitation per state (see demo-invitations.ts), each added only while its person has none,
 * with a fresh random rid. Dates count back from the first seeding, so on a long-lived demo
 * database the pending one expires like any other after 30 days.
 */
async function seedDemoInvitations(db: Database): Promise<void> {
  const { pending, accepted, expired } = demoInvitations;
  const present = await listInvitationsTo(db, [pending.email, accepted.email, expired.email]);
  const invited = new Set<string>(present.map((row) => normaliseEmailAddress(row.email)));
  const acceptedAt = demoSentAt(accepted.sentDaysAgo - 2);
  const missing = [
    buildInvitation({ ...pending, sentAt: demoSentAt(pending.sentDaysAgo) }),
    buildInvitation({ ...accepted, sentAt: demoSentAt(accepted.sentDaysAgo), acceptedAt }),
    buildInvitation({ ...expired, sentAt: demoSentAt(expired.sentDaysAgo) }),
  ].filter((invitation) => !invited.has(invitation.email));
  if (missing.length > 0) await markDemoRows(db, "invitations", await addInvitationsIfNew(db, missing));
  await markDemoRows(db, "user_profiles", await addUserProfilesIfNew(db, [buildUserProfile({ ...accepted, acceptedAt })]));
  await markDemoRows(db, "music_access", await addMusicAccessIfNew(db, [{ email: accepted.email, source: "invitation" }]));
}
