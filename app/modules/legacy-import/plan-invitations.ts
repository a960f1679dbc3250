import { randomUUID } from "node:crypto";
import { randomToken } from "#app/lib/tokens.server";
import { invitationExpiry, RID_BYTES } from "#app/modules/invitations";
import { toE164 } from "#app/modules/sms";
import { shown } from "./legacy-fields";
import type { PlanContext } from "./legacy-plan";

/**
 * invitation_summary: accepted invitations are history; a pending one keeps its time (valid until
 * 30 days after it was sent, as here), one the old site marked expired is expired. Never mailed.
 */
export function planInvitations(context: PlanContext): void {
  const { rowsOf, emailOf, settled, admitted, skip, changed, count, map, time, now, plan } = context;
  for (const [index, row] of rowsOf("invitation_summary").entries()) {
    const email = emailOf("invitation_summary", row.email);
    // No id in the view: the address and the sending time (as an instant, the same from a URL and a CSV) name the row.
    const legacyId = row.id ?? `${email ?? (shown(row.email) || `row ${index + 2}`)} ${time(row.sent_at)?.toISOString() ?? ""}`.trim();
    if (!email) {
      skip("invitation_summary", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("invitation_summary", legacyId) || !admitted("invitation_summary", legacyId, row)) continue;
    const sent = time(row.sent_at);
    const sentAt = sent ?? now;
    const status = row.status?.trim().toLowerCase();
    const accepted = status === "accepted";
    // Sent at an unknown time, a pending invitation cannot be said to be still valid: it arrives expired.
    const lifetimeEnd = sent ? invitationExpiry(sent) : now;
    const expiresAt = accepted ? invitationExpiry(sentAt) : status === "expired" ? new Date(Math.min(lifetimeEnd.getTime(), now.getTime())) : lifetimeEnd;
    const id = randomUUID();
    plan.rows.invitations.push({
      id,
      // The rid as newInvitationRid mints it, without its server door: that loads the invitations' mail rendering (some 75 MB).
      rid: randomToken(RID_BYTES),
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone ? toE164(row.phone) : null,
      status: accepted ? "accepted" : "pending",
      sentAt,
      acceptedAt: accepted ? (time(row.accepted_at) ?? sentAt) : null,
      expiresAt,
      campaign: "legacy-import",
      createdAt: sentAt,
    });
    if (!accepted && status !== "expired") {
      if (expiresAt > now) {
        plan.report.invitationsStillValid++;
        changed("invitation_summary", legacyId, `pending, still valid until ${expiresAt.toISOString().slice(0, 10)} (30 days after it was sent); its old link does not work here: re-send it from the dashboard`);
      } else if (sent) changed("invitation_summary", legacyId, "pending, sent more than 30 days ago: imported as expired (re-send it from the dashboard)");
      else changed("invitation_summary", legacyId, "pending, sent_at empty: imported as expired (re-send it from the dashboard)");
    }
    count("invitation_summary", "new");
    map("invitation_summary", legacyId, "invitations", id, true);
  }
}
