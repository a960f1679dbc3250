import { eq } from "drizzle-orm";
import { invitations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { InvitationFailure } from "./invitation-failures";
import { effectiveInvitationStatus } from "./invitation-status";
import { isPossibleRid } from "./rid";

export interface AttendeeData {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  city: string;
  state: string;
  eventHistory: { name: string; date?: string }[];
}

export type AttendeeDataResult = { ok: true; attendee: AttendeeData } | { ok: false; reason: Exclude<InvitationFailure, "email-mismatch"> };

/**
 * What we know about an invitee, to prefill the acceptance form. Only the rid, which reached the
 * invitee's inbox, opens it: an e-mail address alone never gives anyone's data.
 */
export async function getAttendeeData(db: Database, rid: string): Promise<AttendeeDataResult> {
  if (!isPossibleRid(rid)) return { ok: false, reason: "not-found" };
  const [invitation] = await db.select().from(invitations).where(eq(invitations.rid, rid)).limit(1);
  if (!invitation) return { ok: false, reason: "not-found" };
  const status = effectiveInvitationStatus(invitation);
  if (status !== "pending") return { ok: false, reason: status };
  return {
    ok: true,
    attendee: {
      email: invitation.email,
      firstName: invitation.firstName ?? "",
      lastName: invitation.lastName ?? "",
      phone: invitation.phone ?? "",
      city: invitation.city ?? "",
      state: invitation.state ?? "",
      eventHistory: invitation.eventHistory,
    },
  };
}
