import { eq, lt } from "drizzle-orm";
import { attendeeImports } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { decodeCsvBytes } from "#app/lib/csv-reading";
import { hasControlCharacters } from "#app/modules/security";
import { nameProblem } from "#app/lib/greeting-name";
import { mergedPeople, parseAttendeeCsv, type AttendeeImportPerson } from "./attendee-csv";
import { attendeeFileSchema } from "./attendee-import-form";
import { attendeeImportMessages } from "./attendee-import-messages";
import { standingOf } from "./attendee-standing.server";
import type { AttendeeImportPreview, PreviewPerson } from "./attendee-import-preview";
import type { EffectiveInvitationStatus } from "./invitation-status";
import { PREVIEW_LIFETIME_HOURS, renderImportInvitation, sampleInvitee } from "./import-invitation-preview.server";
import { storeImportPeople } from "./attendee-import-people.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { latestInvitationWording } from "./invitation-wording.server";

export { PREVIEW_LIFETIME_HOURS };
/** Each list of the preview shows at most this many people; the counts are always complete. */
export const PREVIEW_LIST_LIMIT = 100;

export type PreviewOutcome =
  | { ok: true; message: string; preview: AttendeeImportPreview }
  | { ok: false; reason: "too-large" | "invalid"; message: string }
  | ReturnType<typeof notAllowed>;

/** A name that reads as a link or a spreadsheet formula, which the invitation will not say. */
const nameFlagOf = (person: AttendeeImportPerson) => nameProblem(person.firstName) ?? nameProblem(person.lastName);

const summary = (person: AttendeeImportPerson, status?: EffectiveInvitationStatus): PreviewPerson => {
  const nameFlag = nameFlagOf(person);
  return {
    email: person.email,
    fullName: person.fullName,
    events: person.eventHistory.length,
    rows: person.rows,
    ...(status ? { status } : {}),
    ...(nameFlag ? { nameFlag } : {}),
  };
};

/**
 * Staff upload a CSV of past attendees: it is read with the spec's rules, each person's standing
 * is looked up, and the people are stored for the confirmation (docs/decisions/030) with the
 * newest kept words of the invitation, which is rendered for one real invitee of the file when
 * `publicUrl` is given (docs/decisions/044). Nothing is invited or sent here.
 */
export async function previewAttendeeImport(
  db: Database,
  actor: StaffMember,
  input: { fileName: string; size: number; bytes: Uint8Array },
  now = new Date(),
  options: { publicUrl?: string } = {},
): Promise<PreviewOutcome> {
  if (!can(actor, "send-communications")) return notAllowed();
  const file = attendeeFileSchema.safeParse({ name: input.fileName, size: input.size });
  if (!file.success) {
    const tooLarge = input.size > 0 && file.error.issues.some((issue) => issue.path[0] === "size");
    return { ok: false, reason: tooLarge ? "too-large" : "invalid", message: file.error.issues[0]?.message ?? attendeeImportMessages.noFile };
  }
  const text = decodeCsvBytes(input.bytes);
  // A spreadsheet saved as .xlsx, or a picture: binary, not a CSV to read.
  if (text.includes("\u0000") || text.includes("\uFFFD")) return { ok: false, reason: "invalid", message: attendeeImportMessages.notText };
  const parsed = await parseAttendeeCsv(text);
  if (!parsed.ok) return { ok: false, reason: "invalid", message: parsed.message };

  const standings = await standingOf(db, parsed.people, now);
  const lists: AttendeeImportPreview["lists"] = { new: [], merged: [], members: [], unsubscribed: [], invited: [], invalid: parsed.dropped };
  const counts = { new: 0, merged: 0, members: 0, unsubscribed: 0, invited: 0, invalid: parsed.dropped.length };
  const add = (list: Exclude<keyof typeof lists, "invalid">, person: AttendeeImportPerson, status?: EffectiveInvitationStatus) => {
    counts[list] += 1;
    if (lists[list].length < PREVIEW_LIST_LIMIT) lists[list].push(summary(person, status));
  };
  for (const person of parsed.people) {
    const standing = standings.get(person.email) ?? { kind: "new" as const };
    if (standing.kind === "member") add("members", person);
    else if (standing.kind === "unsubscribed") add("unsubscribed", person);
    else if (standing.kind === "invited") add("invited", person, standing.status);
    else add("new", person);
  }
  for (const person of mergedPeople(parsed.people)) add("merged", person);
  lists.invalid = parsed.dropped.slice(0, PREVIEW_LIST_LIMIT);

  const fileName = hasControlCharacters(input.fileName) ? "attendees.csv" : input.fileName.trim().slice(0, 200) || "attendees.csv";
  const wording = await latestInvitationWording(db);
  const [stored] = await db
    .insert(attendeeImports)
    .values({ fileName, rowCount: parsed.rowCount, createdByUserId: actor.id, createdByEmail: actor.email, wordingId: wording.id })
    .returning({ id: attendeeImports.id });
  await storeImportPeople(db, stored!.id, parsed.people);
  const flaggedNames = parsed.people.filter((person) => nameFlagOf(person) !== null).length;
  const preview: AttendeeImportPreview = { importId: stored!.id, fileName, rowCount: parsed.rowCount, people: parsed.people.length, counts, flaggedNames, lists };
  // Kept, so the steps after this one (new words) show the same preview without the file; written
  // last, it also marks the import complete (a preview that failed halfway is never confirmed).
  await db.update(attendeeImports).set({ preview }).where(eq(attendeeImports.id, stored!.id));
  // Housekeeping: previews nobody confirmed within their lifetime are of no more use.
  await db.delete(attendeeImports).where(lt(attendeeImports.createdAt, new Date(now.getTime() - PREVIEW_LIFETIME_HOURS * 3600_000)));

  return {
    ok: true,
    message: attendeeImportMessages.previewed(parsed.people.length),
    preview: options.publicUrl ? { ...preview, invitation: await renderImportInvitation(sampleInvitee(preview, parsed.people), wording, options.publicUrl) } : preview,
  };
}
