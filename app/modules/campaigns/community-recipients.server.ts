import type { Database } from "#app/lib/db.server";
import { communityNamesByAddress, searchCommunityList } from "#app/modules/community/index.server";
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
  const { people, total, interests } = await searchCommunityList(db, { ...filter, limit: filter.limit ?? COMPOSER_PAGE_SIZE });
  const unsubscribed = await unsubscribedAmong(db, people.map((person) => person.email));
  return {
    people: people.map((person) => ({
      email: person.email,
      name: person.name,
      interest: person.interest,
      joinedAt: person.createdAt.toISOString(),
      unsubscribed: unsubscribed.has(normaliseEmailAddress(person.email)),
    })),
    total,
    interests,
  };
}

/** The name the community list has for an address, for a preview 'as' that person. */
export async function communityNameOf(db: Database, email: string): Promise<string | null> {
  const address = normaliseEmailAddress(email);
  return (await communityNamesByAddress(db, [address])).get(address) ?? null;
}
