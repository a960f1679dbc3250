import { inArray, sql } from "drizzle-orm";
import { events, invitations, musicAccess, newsletter, userProfiles, waitlist } from "../../../db/schema";
import { buildEvent, buildReservation } from "./factories/events";
import { buildNewsletterSubscriber, buildWaitlistEntry } from "./factories/community";
import { buildInvitation, buildUserProfile } from "./factories/invitations";
import type { Database } from "~/lib/db.server";
import { demoEvents, demoReservationGuests } from "./demo-events";
import { insertReservations } from "~/modules/reservations/index.server";
import { demoInvitations, demoSentAt } from "./demo-invitations";
import { listDemoInvitations, type DemoInvitationLink } from "./list-demo-invitations.server";

/**
 * The demo brand's content, so a fresh install shows a living site. Safe to run any number of
 * times: every row has a natural key (an address, an event's title) and existing rows are left alone.
 */
export async function seedDemoContent(db: Database, publicUrl: string): Promise<DemoInvitationLink[]> {
  await db
    .insert(newsletter)
    .values(
      ["maya.lindqvist@example.com", "daniel.okafor@example.com", "sofia.brennan@example.com"].map((email) =>
        buildNewsletterSubscriber({ email }),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(waitlist)
    .values([
      buildWaitlistEntry({ email: "maya.lindqvist@example.com", source: "meditations" }),
      buildWaitlistEntry({ email: "leo.hartmann@example.com", source: "harmonize", plan: "Harmony Symphony" }),
    ])
    .onConflictDoNothing();
  await seedDemoInvitations(db);
  await seedDemoEvents(db);
  return listDemoInvitations(db, publicUrl);
}

/** The start-up log's lines that say where to try the demo invitations of this installation. */
export function describeDemoInvitations(links: DemoInvitationLink[]): string[] {
  return links.map((link) => `[demo] ${link.state} invitation: ${link.url}`);
}

/** The demo calendar (demo-events.ts): only titles not yet present are added, with their reservations. */
async function seedDemoEvents(db: Database): Promise<void> {
  const calendar = demoEvents();
  const present = await db
    .select({ title: events.title })
    .from(events)
    .where(inArray(events.title, calendar.map((event) => event.title)));
  const known = new Set(present.map((row) => row.title));
  for (const event of calendar.filter((candidate) => !known.has(candidate.title))) {
    const [created] = await db.insert(events).values(buildEvent(event)).onConflictDoNothing().returning({ id: events.id });
    if (!created || !event.reservedSeats?.length) continue;
    await insertReservations(
      db,
      event.reservedSeats.map((seats, index) =>
        buildReservation(created.id, { ...demoReservationGuests[index % demoReservationGuests.length], seats }),
      ),
    );
  }
}

/**
 * One invitation per state (see demo-invitations.ts), each added only while its person has none,
 * with a fresh random rid. Dates count back from the first seeding, so on a long-lived demo
 * database the pending one expires like any other after 30 days.
 */
async function seedDemoInvitations(db: Database): Promise<void> {
  const { pending, accepted, expired } = demoInvitations;
  const present = await db
    .select({ email: invitations.email })
    .from(invitations)
    .where(inArray(sql`lower(${invitations.email})`, [pending.email, accepted.email, expired.email]));
  const invited = new Set(present.map((row) => row.email.toLowerCase()));
  const acceptedAt = demoSentAt(accepted.sentDaysAgo - 2);
  const missing = [
    buildInvitation({ ...pending, sentAt: demoSentAt(pending.sentDaysAgo) }),
    buildInvitation({ ...accepted, sentAt: demoSentAt(accepted.sentDaysAgo), acceptedAt }),
    buildInvitation({ ...expired, sentAt: demoSentAt(expired.sentDaysAgo) }),
  ].filter((invitation) => !invited.has(invitation.email));
  if (missing.length > 0) await db.insert(invitations).values(missing).onConflictDoNothing();
  await db
    .insert(userProfiles)
    .values(buildUserProfile({ ...accepted, acceptedAt }))
    .onConflictDoNothing();
  await db.insert(musicAccess).values({ email: accepted.email, source: "invitation" }).onConflictDoNothing();
}
