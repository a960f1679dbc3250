import type { Database } from "#app/lib/db.server";
import { deliverabilityMessages } from "./deliverability-messages";
import { suppressionOf, suppressionReasonWords, unsuppress } from "./suppressions.server";

/** What the profile says about mail to the member's own address: null when nothing bounced. */
export interface MemberMailStatus {
  /** 'hard bounce' or 'repeated soft bounces'. */
  reasonWords: string;
  /** The remote server's words, so the person can see what was wrong. */
  detail: string;
  since: Date;
}

/** Whether mail to the member's address bounced (a complaint is theirs to know and is not shown as a bounce). */
export async function memberMailStatus(db: Database, member: { email: string }): Promise<MemberMailStatus | null> {
  const entry = await suppressionOf(db, member.email);
  if (!entry || entry.reason === "complaint") return null;
  return { reasonWords: suppressionReasonWords[entry.reason], detail: entry.detail, since: entry.createdAt };
}

/**
 * The member fixed their mailbox (or address) and asks us to try again: their own address leaves
 * the suppression list (only a bounce's entry; never another person's, never a complaint's).
 */
export async function retryMemberAddress(db: Database, member: { email: string }): Promise<{ ok: boolean; message: string }> {
  const status = await memberMailStatus(db, member);
  if (!status) return { ok: true, message: deliverabilityMessages.retried };
  await db.transaction((tx) => unsuppress(tx, member.email));
  return { ok: true, message: deliverabilityMessages.retried };
}
