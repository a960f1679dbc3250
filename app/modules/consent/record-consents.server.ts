import { sql } from "drizzle-orm";
import { consents } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { normaliseEmailAddress } from "#app/lib/email-address";
import { consentVersionOf, type ConsentPurpose, type ConsentSource } from "./consent-texts";

export interface ConsentRecord {
  email: string;
  /** The member when known; otherwise the account of that address, if there is one. */
  userId?: string | null;
  source: ConsentSource;
  /** Each purpose with whether it was given (true) or withdrawn (false). */
  answers: Partial<Record<ConsentPurpose, boolean>>;
}

/**
 * Writes one consents row per answer, under the version of the words its form shows now. Call it with the
 * transaction of the sign-up or change it belongs to, so a consent is never kept for a sign-up
 * that rolled back (nor lost for one that stayed).
 */
export async function recordConsents(tx: Database, record: ConsentRecord): Promise<void> {
  const email = normaliseEmailAddress(record.email);
  const entries = Object.entries(record.answers) as [ConsentPurpose, boolean][];
  if (entries.length === 0) return;
  const userId = record.userId ?? sql`(select id from "user" where lower(email) = ${email} limit 1)`;
  const textVersion = consentVersionOf(record.source);
  await tx.insert(consents).values(
    entries.map(([purpose, granted]) => ({ email, userId, purpose, granted, source: record.source, textVersion })),
  );
}

/** The same answer for every purpose a form grants. */
export function allGranted(purposes: readonly ConsentPurpose[]): Partial<Record<ConsentPurpose, boolean>> {
  return Object.fromEntries(purposes.map((purpose) => [purpose, true]));
}
