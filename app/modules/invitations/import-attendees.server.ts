import { eq, sql } from "drizzle-orm";
import { attendeeImports } from "#db/schema";
import { queryRows, type Database } from "#app/lib/db.server";
import { yieldToEventLoop } from "#app/lib/event-loop";
import { recordActivity } from "#app/modules/activity/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { AttendeeImportPerson } from "./attendee-csv";
import { confirmImportSchema } from "./attendee-import-form";
import { attendeeImportMessages, PAST_ATTENDEE_CAMPAIGN } from "./attendee-import-messages";
import { standingOf } from "./attendee-standing.server";
import { readImportPeople } from "./attendee-import-people.server";
import { newInvitationRid } from "./create-invitation.server";
import { queueInvitationEmails } from "./invitation-email.server";
import { invitationExpiry } from "./invitation-status";
import { openImport, wordingOfImport } from "./import-invitation-preview.server";
import { invitationWordingMessages, invitationWordingSchema } from "./invitation-wording";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { sameWords } from "./invitation-wording.server";

/**
 * Confirms attendee imports one at a time: two confirmations naming the same person (two staff,
 * two files) would otherwise both find them new and invite them twice.
 */
const ATTENDEE_IMPORT_LOCK = 4_201_930;

export type ImportOutcome =
  | { ok: true; message: string; created: number; emailsQueued: number; members: number; unsubscribed: number; invited: number }
  | { ok: false; reason: "gone" | "changed"; message: string }
  | ReturnType<typeof notAllowed>;

/**
 * Staff confirm a previewed import: one invitation per new person (a fresh rid, 30 days, names,
 * city, state and event history) and its e-mail, written in one transaction with the activity
 * entry. Standings are looked up again, so whoever became a member, unsubscribed or was invited
 * since the preview is skipped; the e-mails go in the words last previewed (words posted with the
 * confirmation that differ from them are refused as `changed`, nothing written); a preview is confirmed at most once, and re-importing the same
 * file finds everyone already invited.
 */
export async function importAttendees(
  db: Database,
  actor: StaffMember,
  input: { importId: unknown; subject?: unknown; intro?: unknown },
  wake: OutboxWake,
  now = new Date(),
): Promise<ImportOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const parsed = confirmImportSchema.safeParse({ importId: input.importId });
  if (!parsed.success) return { ok: false, reason: "gone", message: attendeeImportMessages.previewGone };
  const { importId } = parsed.data;
  // The words posted with the confirmation, if any: they must be the ones last previewed.
  const posted = input.subject === undefined && input.intro === undefined ? null : invitationWordingSchema.safeParse({ subject: input.subject, intro: input.intro });

  // An import's people never change once kept, so they are read before the transaction: on the
  // embedded database a transaction holds every other query until it ends.
  const people = await readImportPeople(db, importId);
  const outcome = await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${ATTENDEE_IMPORT_LOCK})`));
    const stored = await openImport(tx, importId, now, true);
    if (!stored) return null;
    const wording = await wordingOfImport(tx, stored);
    if (posted && (!posted.success || !sameWords(posted.data, wording))) return "changed" as const;
    const standings = await standingOf(tx, people, now);
    const fresh = people.filter((person) => standings.get(person.email)?.kind === "new");
    const tally = (kind: string) => people.filter((person) => standings.get(person.email)?.kind === kind).length;

    const created = await insertInvitations(tx, fresh, now);
    const emailsQueued = await queueInvitationEmails(tx, created, wording);
    await tx.update(attendeeImports).set({ confirmedAt: now }).where(eq(attendeeImports.id, importId));
    const counts = { created: created.length, emailsQueued, members: tally("member"), unsubscribed: tally("unsubscribed"), invited: tally("invited") };
    await recordActivity(tx, actor, {
      kind: "invitations.imported",
      subjectType: "attendee-import",
      subjectId: importId,
      subjectLabel: stored.fileName,
      after: { rows: stored.rowCount, people: people.length, ...counts },
    });
    return counts;
  });
  if (!outcome) return { ok: false, reason: "gone", message: attendeeImportMessages.previewGone };
  if (outcome === "changed") return { ok: false, reason: "changed", message: invitationWordingMessages.changed };
  // Committed: the sender may go now (its minute's sweep would find the rows anyway).
  if (outcome.emailsQueued > 0) await wake(importId);
  return { ok: true, message: attendeeImportMessages.confirmed(outcome.created), ...outcome };
}

const INVITATIONS_PER_STATEMENT = 500;

/**
 * The new people's invitations, 500 per statement passed as one JSON parameter (binding
 * thousands of parameters made row-by-row values slow on the embedded database), with a turn of
 * the event loop between statements so the embedded database lets other requests through.
 */
async function insertInvitations(tx: Database, people: AttendeeImportPerson[], now: Date): Promise<{ id: string; email: string; sentAt: Date }[]> {
  const created: { id: string; email: string; sentAt: Date }[] = [];
  const sentAt = now.toISOString();
  const expiresAt = invitationExpiry(now).toISOString();
  for (let start = 0; start < people.length; start += INVITATIONS_PER_STATEMENT) {
    if (start > 0) await yieldToEventLoop();
    const rows = people.slice(start, start + INVITATIONS_PER_STATEMENT).map((person) => ({
      rid: newInvitationRid(),
      email: person.email,
      first_name: person.firstName || null,
      last_name: person.lastName || null,
      city: person.city || null,
      state: person.state || null,
      event_history: person.eventHistory,
    }));
    const inserted = await queryRows<{ id: string; email: string }>(
      tx,
      sql`insert into invitations (rid, email, first_name, last_name, city, state, event_history, campaign, sent_at, expires_at)
        select r.rid, r.email, r.first_name, r.last_name, r.city, r.state, r.event_history, ${PAST_ATTENDEE_CAMPAIGN}, ${sentAt}::timestamptz, ${expiresAt}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(rid text, email text, first_name text, last_name text, city text, state text, event_history jsonb)
        returning id, email`,
    );
    created.push(...inserted.map((row) => ({ id: row.id, email: row.email, sentAt: now })));
  }
  return created;
}
