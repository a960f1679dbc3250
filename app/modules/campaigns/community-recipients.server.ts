import { and, asc, count, desc, eq, ilike, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { community } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { unsubscribedAmong } from "#app/modules/consent/index.server";

export interface CommunityRecipient {
  email: string;
  name: string;
  interest: string;
  joinedAt: string;
  unsubscribed: boolean;
}

/** How many community members the composer lists at once; search and filter narrow it. */
export const COMPOSER_PAGE_SIZE = 500;

/**
 * The community list for the composer, newest first, filtered by interest and a search in name
 * and e-mail, with each person's unsubscribe state (they are skipped if selected).
 */
export async function listCommunityRecipients(
  db: Database,
  filter: { search?: string; interest?: string; limit?: number },
): Promise<{ people: CommunityRecipient[]; total: number; interests: string[] }> {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(or(ilike(community.email, pattern), ilike(community.name, pattern))!);
  }
  if (filter.interest) conditions.push(eq(community.interest, filter.interest));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      email: sql<string>`lower(${community.email})`,
      name: community.name,
      interest: community.interest,
      createdAt: community.createdAt,
    })
    .from(community)
    .where(where)
    .orderBy(desc(community.createdAt))
    .limit(filter.limit ?? COMPOSER_PAGE_SIZE);
  const [total] = await db.select({ total: count() }).from(community).where(where);
  const interests = await db
    .selectDistinct({ interest: community.interest })
    .from(community)
    .where(isNotNull(community.interest))
    .orderBy(asc(community.interest));
  const unsubscribed: ReadonlySet<string> = await unsubscribedAmong(db, rows.map((row) => row.email));
  return {
    people: rows.map((row) => ({
      email: row.email,
      name: row.name,
      interest: row.interest,
      joinedAt: row.createdAt.toISOString(),
      unsubscribed: unsubscribed.has(normaliseEmailAddress(row.email)),
    })),
    total: Number(total?.total ?? 0),
    interests: interests.map((row) => row.interest).filter(Boolean),
  };
}

/** The name the community list has for an address, for a preview 'as' that person. */
export async function communityNameOf(db: Database, email: string): Promise<string | null> {
  const [row] = await db.select({ name: community.name }).from(community).where(eq(sql`lower(${community.email})`, normaliseEmailAddress(email)));
  return row?.name ?? null;
}
