import { sql } from "drizzle-orm";
import { invitations } from "#db/schema";
import { memberAddressesAmong } from "#app/modules/members/index.server";
import type { Database } from "#app/lib/db.server";
import { yieldToEventLoop } from "#app/lib/event-loop";
import { unsubscribedAmong } from "#app/modules/consent/index.server";
import type { AttendeeImportPerson } from "./attendee-csv";
import { effectiveInvitationStatus, type EffectiveInvitationStatus } from "./invitation-status";

/**
 * Where each person of an attendee file stands with us, in the order that decides it: already a
 * member (a user, or a member directory row), unsubscribed (never mailed, and an import does not
 * re-subscribe them), already invited (an invitation of any status but accepted: staff resend an
 * expired one from the invitations list rather than import a second), or new.
 */
export type Standing = { kind: "member" } | { kind: "unsubscribed" } | { kind: "invited"; status: EffectiveInvitationStatus } | { kind: "new" };

const CHUNK = 500;

/**
 * A chunk of addresses as one JSON parameter: a thousand bound parameters took the embedded
 * database five times longer than one, and it works in the web server's thread.
 */
const amongst = (chunk: string[]) => sql`(select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`;

export async function standingOf(db: Database, people: readonly AttendeeImportPerson[], now = new Date()): Promise<Map<string, Standing>> {
  const members = new Set<string>();
  const unsubscribed = new Set<string>();
  const invited = new Map<string, EffectiveInvitationStatus>();
  const emails = people.map((person) => person.email);
  for (let start = 0; start < emails.length; start += CHUNK) {
    const addresses = emails.slice(start, start + CHUNK);
    const chunk = amongst(addresses);
    // One after another (inside a transaction they share one connection anyway), other requests
    // getting a turn before each: the embedded database runs in this thread.
    const known = await memberAddressesAmong(db, addresses);
    await yieldToEventLoop();
    const gone = await unsubscribedAmong(db, emails.slice(start, start + CHUNK));
    await yieldToEventLoop();
    const invites = await db
      .select({ email: sql<string>`lower(${invitations.email})`, status: invitations.status, expiresAt: invitations.expiresAt, revokedAt: invitations.revokedAt })
      .from(invitations)
      .where(sql`lower(${invitations.email}) in ${chunk}`);
    for (const email of known) members.add(email);
    for (const email of gone) unsubscribed.add(email);
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
