import { count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { invitations } from "#db/schema";
import { directoryContactsByAddress } from "#app/modules/members/index.server";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { containsPattern, LIST_PAGE_SIZE, listPage, offsetOf, type ListPage, type ListQuery } from "#app/lib/list-page";
import { displayInterests } from "./interests-display";
import { effectiveInvitationStatus, type EffectiveInvitationStatus } from "./invitation-status";

/**
 * The dashboard's invitation status list (the spec's invitation_summary): each invitation with the
 * status people see (pending, accepted, or expired once its 30 days have passed), and the phone and
 * interests the invitee gave when accepting (from the member directory, by e-mail).
 */
export interface InvitationStatusRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: EffectiveInvitationStatus;
  sentAt: Date;
  acceptedAt: Date | null;
  phone: string | null;
  interests: string[];
  /** The interests as the list shows them: first 2 and '...', or 'All'. */
  interestsShown: string;
}

/** The invitations with the invitee's directory contact details (the directory's one row per address), in one statement. */
function invitationsWithContacts(db: Database) {
  const directory = directoryContactsByAddress(db);
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      firstName: invitations.firstName,
      lastName: invitations.lastName,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      revokedAt: invitations.revokedAt,
      sentAt: invitations.sentAt,
      acceptedAt: invitations.acceptedAt,
      phone: sql<string | null>`coalesce(${directory.phone}, ${invitations.phone})`,
      interests: directory.interests,
    })
    .from(invitations)
    .leftJoin(directory, eq(directory.address, sql`lower(${invitations.email})`));
}

function searchWhere(search?: string): SQL | undefined {
  if (!search?.trim()) return undefined;
  const pattern = containsPattern(search.trim());
  const fullName = sql`coalesce(${invitations.firstName}, '') || ' ' || coalesce(${invitations.lastName}, '')`;
  return or(ilike(invitations.email, pattern), sql`${fullName} ilike ${pattern}`);
}

function toRow(row: { expiresAt: Date; revokedAt: Date | null; status: "pending" | "accepted"; interests: string[] | null } & Omit<InvitationStatusRow, "status" | "interests" | "interestsShown">, now: Date): InvitationStatusRow {
  const { expiresAt, revokedAt, interests, ...rest } = row;
  return { ...rest, status: effectiveInvitationStatus({ status: row.status, expiresAt, revokedAt }, now), interests: interests ?? [], interestsShown: displayInterests(interests) };
}

export async function listInvitationStatus(db: Database, query: ListQuery, now = new Date()): Promise<ListPage<InvitationStatusRow>> {
  const where = searchWhere(query.search);
  const [rows, [totals]] = await Promise.all([
    invitationsWithContacts(db)
      .where(where)
      .orderBy(desc(invitations.sentAt), desc(invitations.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ total: count() }).from(invitations).where(where),
  ]);
  return listPage(
    rows.map((row) => toRow(row, now)),
    totals?.total ?? 0,
    query.page,
  );
}

export async function allInvitationStatus(db: Database, now = new Date()): Promise<InvitationStatusRow[]> {
  const rows = await invitationsWithContacts(db).orderBy(desc(invitations.sentAt), desc(invitations.id));
  return rows.map((row) => toRow(row, now));
}

export const invitationStatusCsvColumns: CsvColumn<InvitationStatusRow>[] = [
  { header: "email", value: (row) => row.email },
  { header: "first_name", value: (row) => row.firstName },
  { header: "last_name", value: (row) => row.lastName },
  { header: "status", value: (row) => row.status },
  { header: "sent_at", value: (row) => row.sentAt },
  { header: "accepted_at", value: (row) => row.acceptedAt },
  { header: "phone", value: (row) => row.phone },
  // The export keeps every interest; only the screen shortens them.
  { header: "interests", value: (row) => row.interests.join("; ") },
];
