import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { community } from "#db/schema";
import type { Database } from "#app/lib/db.server";

// The community list as campaigns address it (the composer, a send to everyone or to a selection),
// read here so that no other module reads the community table itself.

/** Everyone on the community list, oldest sign-up first: address as typed, and name. */
export async function communityMailingList(db: Database): Promise<{ email: string; name: string }[]> {
  return db.select({ email: community.email, name: community.name }).from(community).orderBy(community.createdAt);
}

/** The names the community list has for some addresses, by lower-cased address (addresses not on it are missing). */
export async function communityNamesByAddress(db: Database, emails: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const wanted = [...new Set(emails.map((email) => normaliseEmailAddress(email)))];
  for (let start = 0; start < wanted.length; start += 1000) {
    const known = await db
      .select({ email: sql<string>`lower(${community.email})`, name: community.name })
      .from(community)
      .where(inArray(sql`lower(${community.email})`, wanted.slice(start, start + 1000)));
    for (const row of known) names.set(row.email, row.name);
  }
  return names;
}

/** A sign-up as the composer lists it: the address lower-cased. */
export interface CommunityListEntry {
  email: string;
  name: string;
  interest: string;
  createdAt: Date;
}

/**
 * The community list newest first, filtered by interest and a search in name and e-mail (the
 * search's wildcards escaped), at most `limit`; with how many match and every interest there is.
 */
export async function searchCommunityList(
  db: Database,
  filter: { search?: string; interest?: string; limit: number },
): Promise<{ people: CommunityListEntry[]; total: number; interests: string[] }> {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(community.email, pattern), ilike(community.name, pattern))!);
  }
  if (filter.interest) conditions.push(eq(community.interest, filter.interest));
  const where = conditions.length ? and(...conditions) : undefined;
  const people = await db
    .select({ email: sql<string>`lower(${community.email})`, name: community.name, interest: community.interest, createdAt: community.createdAt })
    .from(community)
    .where(where)
    .orderBy(desc(community.createdAt))
    .limit(filter.limit);
  const [total] = await db.select({ total: count() }).from(community).where(where);
  const interests = await db
    .selectDistinct({ interest: community.interest })
    .from(community)
    .where(isNotNull(community.interest))
    .orderBy(asc(community.interest));
  return { people, total: Number(total?.total ?? 0), interests: interests.map((row) => row.interest).filter(Boolean) };
}
