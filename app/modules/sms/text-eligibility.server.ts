import { and, eq, gte, inArray, sql } from "drizzle-orm";
import { smsMonthlyCounts, smsOptOuts, type OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { smsPermissionFor } from "./sms-consent.server";
import { isCountryAllowed, SMS_MONTHLY_LIMIT, textRefusalWords, type NumberRefusal, type TextRefusal } from "./sms-texts";

/** What every text path is told by the composition root. */
export interface TextRules {
  /** SMS_ALLOWED_COUNTRIES: the countries (ISO codes) texts may go to. */
  allowedCountries: readonly string[];
}

export type TextEligibility = { allowed: true; permission: "consent" | "reply" } | { allowed: false; reason: TextRefusal; message: string };

/**
 * Whether one number may be texted now, or why not: outside SMS_ALLOWED_COUNTRIES, replied STOP,
 * (with `month`) already 4 texts that month, or no SMS consent (`permission` says whether it is
 * consent or a reply to the number's own text of the last day). The staff form asks this before it
 * queues; the queueing checks the number again and takes the month's count atomically
 * (`queueTextIn`).
 */
export async function textEligibility(db: Database, phone: string, rules: TextRules & { month?: string; now: Date }): Promise<TextEligibility> {
  const refused = (await numberRefusals(db, [phone], rules)).get(phone);
  if (refused) return { allowed: false, reason: refused, message: textRefusalWords(refused, rules.allowedCountries).message };
  const permission = await smsPermissionFor(db, phone, rules.now);
  if (!permission) return { allowed: false, reason: "no-consent", message: textRefusalWords("no-consent", rules.allowedCountries).message };
  return { allowed: true, permission };
}

/**
 * The rules of `textEligibility` that belong to the number alone, for many numbers at once (a
 * group's audience was chosen by its consent): which may not be texted, and why. Read only; with
 * `month`, the numbers at that month's limit too (what a review and the skipped list show), without
 * it the caller takes the count itself (`takeMonthlyCount`). One reason a number: its country
 * first, then its STOP, then its month.
 */
export async function numberRefusals(db: Database, phones: readonly string[], rules: TextRules & { month?: string }): Promise<Map<string, NumberRefusal>> {
  const reasons = new Map<string, NumberRefusal>();
  const asked: string[] = [];
  for (const phone of new Set(phones)) {
    if (isCountryAllowed(phone, rules.allowedCountries)) asked.push(phone);
    else reasons.set(phone, "country-not-allowed");
  }
  for (let start = 0; start < asked.length; start += 1000) {
    const batch = asked.slice(start, start + 1000);
    if (rules.month) {
      const full = await db
        .select({ phone: smsMonthlyCounts.phone })
        .from(smsMonthlyCounts)
        .where(and(inArray(smsMonthlyCounts.phone, batch), eq(smsMonthlyCounts.month, rules.month), gte(smsMonthlyCounts.count, SMS_MONTHLY_LIMIT)));
      for (const row of full) reasons.set(row.phone, "monthly-limit");
    }
    for (const phone of await optedOutAmong(db, batch)) reasons.set(phone, "opted-out");
  }
  return reasons;
}

/** Which of some numbers (at most a thousand) replied STOP (or the carrier said so): the one read of the opt-out list. */
async function optedOutAmong(db: Database, phones: string[]): Promise<Set<string>> {
  const rows = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(inArray(smsOptOuts.phone, phones));
  return new Set(rows.map((row) => row.phone));
}

/** Whether one number is on the opt-out list (the transport asks again just before it sends). */
export async function isOptedOut(db: Database, phone: string): Promise<boolean> {
  return (await optedOutAmong(db, [phone])).has(phone);
}

/**
 * Counts a text towards its number's month, unless it would be the 5th: one conditional upsert in
 * the caller's transaction, so concurrent sends on several instances can never let a 5th through.
 * False (nothing counted) when the number is at the limit.
 */
export async function takeMonthlyCount(tx: Database, phone: string, month: string): Promise<boolean> {
  const counted = await tx.execute(sql`
    insert into sms_monthly_counts (phone, month, count) values (${phone}, ${month}, 1)
    on conflict (phone, month) do update set count = sms_monthly_counts.count + 1
    where sms_monthly_counts.count < ${SMS_MONTHLY_LIMIT}
    returning count`);
  return rowsOf(counted).length > 0;
}

/** Rows of a raw query on either driver (node-postgres answers an object with rows, PGlite too). */
function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/**
 * The text sender's gate (the outbox sender's `skipRecipients`): a queued text whose number may no
 * longer be texted when its turn comes (its country is not in SMS_ALLOWED_COUNTRIES now, it replied
 * STOP since) is cancelled with the reason, never sent. Its month was counted when it was queued.
 */
export function textsRefusedAtSending(rules: TextRules) {
  return async (db: Database, messages: OutboxMessage[]): Promise<Map<string, string>> => {
    const texts = messages.filter((message) => message.channel === "sms");
    const refused = new Map<string, string>();
    if (texts.length === 0) return refused;
    const reasons = await numberRefusals(
      db,
      texts.map((message) => message.recipient),
      rules,
    );
    for (const message of texts) {
      const reason = reasons.get(message.recipient);
      if (reason) refused.set(message.id, textRefusalWords(reason, rules.allowedCountries).label);
    }
    return refused;
  };
}
