import { and, eq, gt, isNotNull, isNull } from "drizzle-orm";
import { attendeeImports } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { StaffActor } from "#app/modules/activity/index.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import type { AttendeeImportPerson } from "./attendee-csv";
import { confirmImportSchema } from "./attendee-import-form";
import { attendeeImportMessages } from "./attendee-import-messages";
import type { AttendeeImportPreview, ImportInvitationPreview } from "./attendee-import-preview";
import { importPeopleBatches } from "./attendee-import-people.server";
import { renderInvitationEmail } from "./invitation-email.server";
import { DEFAULT_INVITATION_WORDING, invitationWordingMessages, invitationWordingSchema, type InvitationWording } from "./invitation-wording";
import { invitationWordingsById, keepInvitationWording, sameWords, type StoredInvitationWording } from "./invitation-wording.server";

/** How long a preview can be confirmed; older ones are removed by the next preview. */
export const PREVIEW_LIFETIME_HOURS = 24;

/** The rid the preview's link carries: a sample, never an invitation's. */
const SAMPLE_RID = "preview";

type StoredImport = typeof attendeeImports.$inferSelect;

/** An import that can still be confirmed (complete, not confirmed, within its lifetime), or undefined. */
export async function openImport(db: Database, importId: string, now: Date, lock = false): Promise<StoredImport | undefined> {
  const query = db
    .select()
    .from(attendeeImports)
    .where(
      and(
        eq(attendeeImports.id, importId),
        isNotNull(attendeeImports.preview),
        isNull(attendeeImports.confirmedAt),
        gt(attendeeImports.createdAt, new Date(now.getTime() - PREVIEW_LIFETIME_HOURS * 3600_000)),
      ),
    );
  const [stored] = lock ? await query.for("update") : await query;
  return stored;
}

/** The words an import was last previewed with (its row, or the default words). */
export async function wordingOfImport(db: Database, stored: Pick<StoredImport, "wordingId">): Promise<StoredInvitationWording> {
  if (!stored.wordingId) return { id: null, ...DEFAULT_INVITATION_WORDING };
  const words = (await invitationWordingsById(db, [stored.wordingId])).get(stored.wordingId);
  return words ? { id: stored.wordingId, ...words } : { id: null, ...DEFAULT_INVITATION_WORDING };
}

/**
 * The real invitee of the file the invitation is shown for: the first new one (whom the
 * confirmation would invite), else the first person.
 */
export function sampleInvitee(preview: Pick<AttendeeImportPreview, "lists">, people: readonly AttendeeImportPerson[]): AttendeeImportPerson | undefined {
  const firstNew = preview.lists.new[0]?.email;
  return people.find((candidate) => candidate.email === firstNew) ?? people[0];
}

/** The same invitee read from a kept import, a batch at a time until found. */
async function storedSampleInvitee(db: Database, importId: string, preview: AttendeeImportPreview): Promise<AttendeeImportPerson | undefined> {
  const firstNew = preview.lists.new[0]?.email;
  let first: AttendeeImportPerson | undefined;
  for await (const batch of importPeopleBatches(db, importId)) {
    first ??= batch[0];
    const found = firstNew === undefined ? first : batch.find((person) => person.email === firstNew);
    if (found) return found;
  }
  return first;
}

/** The invitation rendered by the real renderer for one real invitee of the file; its link carries a sample rid. */
export async function renderImportInvitation(
  person: AttendeeImportPerson | undefined,
  wording: InvitationWording,
  publicUrl: string,
): Promise<ImportInvitationPreview | undefined> {
  if (!person) return undefined;
  const email = await renderInvitationEmail(publicUrl, { rid: SAMPLE_RID, firstName: person.firstName, lastName: person.lastName, eventHistory: person.eventHistory }, undefined, wording);
  return {
    to: person.fullName ? `${person.fullName} <${person.email}>` : person.email,
    subject: email.subject,
    html: email.html,
    wording: { subject: wording.subject, intro: wording.intro },
  };
}

export type ReviseWordingOutcome =
  | { ok: true; message: string; preview: AttendeeImportPreview }
  | { ok: false; reason: "gone"; message: string }
  | { ok: false; reason: "invalid"; message: string; fieldErrors: Record<string, string>; values: InvitationWording; preview: AttendeeImportPreview };

/**
 * Staff edit the invitation's words on an import's preview: checked (required, lengths, no control
 * characters), kept as the words of this import and of the next ones, and the invitation rendered
 * again with them. Bad words answer their messages with what was typed and the preview as it was.
 */
export async function reviseImportWording(
  db: Database,
  actor: StaffActor,
  input: { importId: unknown; subject: unknown; intro: unknown },
  options: { publicUrl: string },
  now = new Date(),
): Promise<ReviseWordingOutcome> {
  const id = confirmImportSchema.safeParse({ importId: input.importId });
  const stored = id.success ? await openImport(db, id.data.importId, now) : undefined;
  if (!stored?.preview) return { ok: false, reason: "gone", message: attendeeImportMessages.previewGone };
  const preview = stored.preview as AttendeeImportPreview;
  const invitee = await storedSampleInvitee(db, stored.id, preview);
  const words = invitationWordingSchema.safeParse({ subject: input.subject, intro: input.intro });
  if (!words.success) {
    const current = await wordingOfImport(db, stored);
    return {
      ok: false,
      reason: "invalid",
      message: invitationWordingMessages.invalid,
      fieldErrors: firstErrorPerField(words.error.issues),
      values: { subject: typeof input.subject === "string" ? input.subject : "", intro: typeof input.intro === "string" ? input.intro : "" },
      preview: { ...preview, invitation: await renderImportInvitation(invitee, current, options.publicUrl) },
    };
  }
  const current = await wordingOfImport(db, stored);
  if (!sameWords(current, words.data)) {
    const wordingId = await keepInvitationWording(db, words.data, actor.email);
    await db.update(attendeeImports).set({ wordingId }).where(eq(attendeeImports.id, stored.id));
  }
  return {
    ok: true,
    message: "Preview updated with your words. They are kept for the next import too. Nothing is sent until you confirm.",
    preview: { ...preview, invitation: await renderImportInvitation(invitee, words.data, options.publicUrl) },
  };
}
