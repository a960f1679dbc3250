import { count, desc, ilike, or, type SQL } from "drizzle-orm";
import { community, newsletter, waitlist } from "#db/schema";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { containsPattern, LIST_PAGE_SIZE, listPage, offsetOf, type ListPage, type ListQuery } from "#app/lib/list-page";
import { interestLabel } from "./community-signup-fields";

/**
 * The staff lists of this module (the dashboard's community sign-ups, waitlist and newsletter
 * sign-ups): newest first, searched by name or e-mail, 50 a page; and the whole list for export.
 */

export interface CommunitySignupRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  interest: string;
  interestLabel: string;
  source: string | null;
  consentAcceptedAt: Date;
  createdAt: Date;
}

export interface EmailSignupRow {
  id: string;
  email: string;
  /** Waitlist only: where they joined, and the plan chosen on /harmonize. */
  source?: string | null;
  plan?: string | null;
  createdAt: Date;
}

const communityColumns = {
  id: community.id,
  name: community.name,
  email: community.email,
  phone: community.phone,
  interest: community.interest,
  source: community.source,
  consentAcceptedAt: community.consentAcceptedAt,
  createdAt: community.createdAt,
};

function communityWhere(search?: string): SQL | undefined {
  if (!search?.trim()) return undefined;
  const pattern = containsPattern(search.trim());
  return or(ilike(community.name, pattern), ilike(community.email, pattern));
}

const withLabel = (row: Omit<CommunitySignupRow, "interestLabel">): CommunitySignupRow => ({ ...row, interestLabel: interestLabel(row.interest) });

export async function listCommunitySignups(db: Database, query: ListQuery): Promise<ListPage<CommunitySignupRow>> {
  const where = communityWhere(query.search);
  const [rows, [totals]] = await Promise.all([
    db
      .select(communityColumns)
      .from(community)
      .where(where)
      .orderBy(desc(community.createdAt), desc(community.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ total: count() }).from(community).where(where),
  ]);
  return listPage(rows.map(withLabel), totals?.total ?? 0, query.page);
}

export async function allCommunitySignups(db: Database): Promise<CommunitySignupRow[]> {
  const rows = await db.select(communityColumns).from(community).orderBy(desc(community.createdAt), desc(community.id));
  return rows.map(withLabel);
}

export const communitySignupCsvColumns: CsvColumn<CommunitySignupRow>[] = [
  { header: "name", value: (row) => row.name },
  { header: "email", value: (row) => row.email },
  { header: "phone", value: (row) => row.phone },
  { header: "interest", value: (row) => row.interestLabel },
  { header: "source", value: (row) => row.source },
  { header: "consent_accepted_at", value: (row) => row.consentAcceptedAt },
  { header: "created_at", value: (row) => row.createdAt },
];

const waitlistColumns = { id: waitlist.id, email: waitlist.email, source: waitlist.source, plan: waitlist.plan, createdAt: waitlist.createdAt };
const newsletterColumns = { id: newsletter.id, email: newsletter.email, createdAt: newsletter.createdAt };

const emailWhere = (column: typeof waitlist.email | typeof newsletter.email, search?: string) =>
  search?.trim() ? ilike(column, containsPattern(search.trim())) : undefined;

export async function listWaitlist(db: Database, query: ListQuery): Promise<ListPage<EmailSignupRow>> {
  const where = emailWhere(waitlist.email, query.search);
  const [rows, [totals]] = await Promise.all([
    db.select(waitlistColumns).from(waitlist).where(where).orderBy(desc(waitlist.createdAt), desc(waitlist.id)).limit(LIST_PAGE_SIZE).offset(offsetOf(query.page)),
    db.select({ total: count() }).from(waitlist).where(where),
  ]);
  return listPage(rows, totals?.total ?? 0, query.page);
}

export async function listNewsletter(db: Database, query: ListQuery): Promise<ListPage<EmailSignupRow>> {
  const where = emailWhere(newsletter.email, query.search);
  const [rows, [totals]] = await Promise.all([
    db.select(newsletterColumns).from(newsletter).where(where).orderBy(desc(newsletter.createdAt), desc(newsletter.id)).limit(LIST_PAGE_SIZE).offset(offsetOf(query.page)),
    db.select({ total: count() }).from(newsletter).where(where),
  ]);
  return listPage(rows, totals?.total ?? 0, query.page);
}

export const allWaitlist = (db: Database): Promise<EmailSignupRow[]> =>
  db.select(waitlistColumns).from(waitlist).orderBy(desc(waitlist.createdAt), desc(waitlist.id));
export const allNewsletter = (db: Database): Promise<EmailSignupRow[]> =>
  db.select(newsletterColumns).from(newsletter).orderBy(desc(newsletter.createdAt), desc(newsletter.id));

export const waitlistCsvColumns: CsvColumn<EmailSignupRow>[] = [
  { header: "email", value: (row) => row.email },
  { header: "source", value: (row) => row.source },
  { header: "plan", value: (row) => row.plan },
  { header: "created_at", value: (row) => row.createdAt },
];

export const newsletterCsvColumns: CsvColumn<EmailSignupRow>[] = [
  { header: "email", value: (row) => row.email },
  { header: "created_at", value: (row) => row.createdAt },
];
