import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `normaliseAddress` (normalise-address.ts) as a PostgreSQL expression over a stored address, so a
 * query can match every spelling of one inbox without loading the rows. Stored addresses passed
 * the e-mail schema (trimmed, one @); the two must change together, and a test holds them equal.
 */
export function normalisedAddressSql(column: SQLWrapper): SQL {
  const address = sql`lower(trim(${column}))`;
  const local = sql`split_part(${address}, '@', 1)`;
  const domain = sql`split_part(${address}, '@', 2)`;
  const untagged = sql`(CASE WHEN strpos(${local}, '+') > 1 THEN split_part(${local}, '+', 1) ELSE ${local} END)`;
  return sql`(CASE WHEN ${domain} IN ('gmail.com', 'googlemail.com') THEN replace(${untagged}, '.', '') || '@gmail.com' ELSE ${untagged} || '@' || ${domain} END)`;
}
