import { inArray, sql } from "drizzle-orm";
import { invitations, unsubscribes, user, userProfiles } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import type { AttendeeImportPerson } from "./attendee-csv";
import { effectiveInvitationStatus, type EffectiveInvitationStatus } from "./invitation-status";

/**
 * Where each person of an attendee file stands with us, in the order that decides it: already a
 * member (a user, or a member directory row), unsubscribed (never mailed, and an import does not
 * re-subscribe them), already invited (an invitation of any status but accepted: staff resend an
 * expired one from the invitations list rather than import a second), or new.
 */
export type Standing = { kind: "member" } | { kind: "unsubscribed" } | { kind: "invited"; status: EffectiveInvitationStatus } | { kind: "new" };

const CHUNK = 1000;

export async function standingOf(db: Database, people: readonly AttendeeImportPerson[], now = new Date()): Promise<Map<string, Standing>> {
  const members = new Set<string>();
  const unsubscribed = new Set<string>();
  const invited = new Map<string, EffectiveInvitationStatus>();
  const emails = people.map((person) => person.email);
  for (let start = 0; start < emails.length; start += CHUNK) {
    const chunk = emails.slice(start, start + CHUNK);
    // One after another: inside a transaction they share one connection anyway.
    const users = await db.select({ email: sql<string>`lower(${user.email})` }).from(user).where(inArray(sql`lower(${user.email})`, chunk));
    const profiles = await db
      .select({ email: sql<string>`lower(${userProfiles.email})` })
      .from(userProfiles)
      .where(inArray(sql`lower(${userProfiles.email})`, chunk));
    const gone = await db.select({ email: unsubscribes.email }).from(unsubscribes).where(inArray(unsubscribes.email, chunk));
    const invites = await db
      .select({ email: sql<string>`lower(${invitations.email})`, status: invitations.status, expiresAt: invitations.expiresAt, revokedAt: invitations.revokedAt })
      .from(invitations)
      .where(inArray(sql`lower(${invitations.email})`, chunk));
    for (const row of [...users, ...profiles]) members.add(row.email);
    for (const row of gone) unsubscribed.add(row.email);
    for (const row of invites) {
      const status = effectiveInvitationStatus(row, now);
      // An accepted invitation means a member; of several others, a pending one is the one to show.
      if (status === "accepted") members.add(row.email);
      else if (invited.get(row.email) !== "pending") invited.set(row.email, status);
    }
  }
  const standings = new Map<string, Standing>();
  for (const email of emails) {
    const status = invited.get(email);
    standings.set(
      email,
      members.has(email) ? { kind: "member" } : unsubscribed.has(email) ? { kind: "unsubscribed" } : status ? { kind: "invited", status } : { kind: "new" },
    );
  }
  return standings;
}
