import type { Database } from "#app/lib/db.server";
import { listInvitationsTo } from "#app/modules/invitations/index.server";
import { demoInvitations, type DemoInvitationState } from "./demo-invitations";
import { sameEmailAddress } from "#app/lib/email-address";

export interface DemoInvitationLink {
  state: DemoInvitationState;
  email: string;
  /** The invitation page for this person, on this installation. */
  url: string;
}

/**
 * The demo invitations of this installation with their links, for admins (/admin/setup) and the
 * start-up log in demo mode. Their rids are random per installation, so this is how to find them.
 */
export async function listDemoInvitations(db: Database, publicUrl: string): Promise<DemoInvitationLink[]> {
  const people = Object.entries(demoInvitations) as [DemoInvitationState, (typeof demoInvitations)[DemoInvitationState]][];
  const rows = await listInvitationsTo(db, people.map(([, person]) => person.email));
  return people.flatMap(([state, person]) => {
    const row = rows.find((candidate) => sameEmailAddress(candidate.email, person.email));
    if (!row) return [];
    const url = new URL("/invitation", publicUrl);
    url.searchParams.set("rid", row.rid);
    if (row.campaign) url.searchParams.set("campaign", row.campaign);
    url.searchParams.set("email", row.email);
    return [{ state, email: row.email, url: url.toString() }];
  });
}
