import { sql, type SQLWrapper } from "drizzle-orm";

/**
 * A stored phone (as the person typed it) whose last ten digits are those of `phone` (E.164): the
 * database's narrowing of a phone column; callers that must be exact compare the rows in E.164
 * afterwards. Each module that keeps phones narrows its own column with it.
 */
export function storedPhoneMatches(column: SQLWrapper, phone: string) {
  const national = phone.replace(/\D/g, "").slice(-10);
  return sql`right(regexp_replace(coalesce(${column}, ''), '[^0-9]', '', 'g'), 10) = ${national}`;
}
