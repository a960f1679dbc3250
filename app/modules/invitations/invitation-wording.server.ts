import { desc, inArray } from "drizzle-orm";
import { invitationWordings } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { DEFAULT_INVITATION_WORDING, type InvitationWording } from "./invitation-wording";

/** Words with the row they are kept in; `id` null: the default words, never edited. */
export type StoredInvitationWording = InvitationWording & { id: string | null };

/** The words the next import starts from: the newest edit, else the default. */
export async function latestInvitationWording(db: Database): Promise<StoredInvitationWording> {
  const [row] = await db
    .select({ id: invitationWordings.id, subject: invitationWordings.subject, intro: invitationWordings.intro })
    .from(invitationWordings)
    .orderBy(desc(invitationWordings.createdAt))
    .limit(1);
  return row ?? { id: null, ...DEFAULT_INVITATION_WORDING };
}

/** Stored words by id (the queued e-mails name theirs). */
export async function invitationWordingsById(db: Database, ids: readonly string[]): Promise<Map<string, InvitationWording>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(invitationWordings).where(inArray(invitationWordings.id, [...ids]));
  return new Map(rows.map((row) => [row.id, { subject: row.subject, intro: row.intro }]));
}

/** Keeps edited words as a new row (rows never change: queued e-mails name them); answers its id. */
export async function keepInvitationWording(db: Database, wording: InvitationWording, byEmail: string): Promise<string> {
  const [row] = await db.insert(invitationWordings).values({ ...wording, createdByEmail: byEmail }).returning({ id: invitationWordings.id });
  return row!.id;
}

export const sameWords = (a: InvitationWording, b: InvitationWording) => a.subject === b.subject && a.intro === b.intro;
