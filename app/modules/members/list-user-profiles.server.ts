import { count, desc, ilike, or, sql, type SQL } from "drizzle-orm";
import { userProfiles } from "#db/schema";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { containsPattern, LIST_PAGE_SIZE, listPage, offsetOf, type ListPage, type ListQuery } from "#app/lib/list-page";

/**
 * The dashboard's "initial sign-ups": the member directory (`user_profiles`), people who completed
 * the membership form. Newest first, searched by name or e-mail, 50 a page; whole for export.
 */
export interface UserProfileRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
  interests: string[];
  communicationPreference: string | null;
  createdAt: Date;
}

const columns = {
  id: userProfiles.id,
  email: userProfiles.email,
  firstName: userProfiles.firstName,
  lastName: userProfiles.lastName,
  phone: userProfiles.phone,
  city: userProfiles.city,
  state: userProfiles.state,
  interests: userProfiles.interests,
  communicationPreference: userProfiles.communicationPreference,
  createdAt: userProfiles.createdAt,
};

function searchWhere(search?: string): SQL | undefined {
  if (!search?.trim()) return undefined;
  const pattern = containsPattern(search.trim());
  const fullName = sql`coalesce(${userProfiles.firstName}, '') || ' ' || coalesce(${userProfiles.lastName}, '')`;
  return or(ilike(userProfiles.email, pattern), sql`${fullName} ilike ${pattern}`);
}

export async function listUserProfiles(db: Database, query: ListQuery): Promise<ListPage<UserProfileRow>> {
  const where = searchWhere(query.search);
  const [rows, [totals]] = await Promise.all([
    db
      .select(columns)
      .from(userProfiles)
      .where(where)
      .orderBy(desc(userProfiles.createdAt), desc(userProfiles.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offsetOf(query.page)),
    db.select({ total: count() }).from(userProfiles).where(where),
  ]);
  return listPage(rows, totals?.total ?? 0, query.page);
}

export function allUserProfiles(db: Database): Promise<UserProfileRow[]> {
  return db.select(columns).from(userProfiles).orderBy(desc(userProfiles.createdAt), desc(userProfiles.id));
}

export const userProfileCsvColumns: CsvColumn<UserProfileRow>[] = [
  { header: "first_name", value: (row) => row.firstName },
  { header: "last_name", value: (row) => row.lastName },
  { header: "email", value: (row) => row.email },
  { header: "phone", value: (row) => row.phone },
  { header: "city", value: (row) => row.city },
  { header: "state", value: (row) => row.state },
  { header: "interests", value: (row) => row.interests.join("; ") },
  { header: "communication_preference", value: (row) => row.communicationPreference },
  { header: "created_at", value: (row) => row.createdAt },
];
