import { sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { unsubscribeAddress } from "#app/modules/consent/index.server";
import { deleteAccountSchema, DELETED_GUEST_NAME, memberDataMessages } from "./member-data";
import { recordConsents } from "#app/modules/consent/index.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

export interface AccountOwner {
  id: string;
  email: string;
}

export type DeleteMemberAccountOutcome =
  | { ok: true; message: string; reservationsAnonymised: number }
  | { ok: false; fieldErrors: { confirmation: string } };

/**
 * Deletes the member's account and what is held about them, all or nothing:
 * - removed: the user (better-auth's sessions and accounts, and the profile, go with it by
 *   cascade), the member-directory row, the community and newsletter entries, the launch waitlist
 *   entry, music access, invitations to the address;
 * - kept without the person: their plays and past campaign sends (figures stay right);
 * - kept without the person: reservations and waiting-list entries, so seat counts and queues stay
 *   right (name 'Deleted guest', an undeliverable address, no phone; a place still waiting in a
 *   queue is given up), and the consent history with the user id cleared;
 * - added: an unsubscribe, so no later campaign mails the address, and the withdrawal of every
 *   consent.
 */
export async function deleteMemberAccount(db: Database, owner: AccountOwner, input: unknown): Promise<DeleteMemberAccountOutcome> {
  const checked = deleteAccountSchema.safeParse(input);
  if (!checked.success) return { ok: false, fieldErrors: { confirmation: memberDataMessages.deleteConfirmation } };
  const email = normaliseEmailAddress(owner.email);
  const id = owner.id;
  const reservationsAnonymised = await db.transaction(async (tx) => {
    const anonymised = await tx.execute(sql`
      update reservations set visitor_name = ${DELETED_GUEST_NAME},
             visitor_email = 'deleted-' || id::text || '@deleted.invalid',
             visitor_email_key = 'deleted-' || id::text || '@deleted.invalid',
             phone = null
       where lower(trim(visitor_email)) = ${email}
      returning id`);
    await tx.execute(sql`
      update waitlist_entries set name = ${DELETED_GUEST_NAME},
             email = 'deleted-' || id::text || '@deleted.invalid',
             email_key = 'deleted-' || id::text || '@deleted.invalid',
             phone = null,
             status = case when status = 'waiting' then 'left'::waitlist_status else status end,
             updated_at = now()
       where lower(trim(email)) = ${email}`);
    await tx.execute(sql`delete from user_profiles where lower(email) = ${email}`);
    await tx.execute(sql`delete from community where lower(email) = ${email}`);
    await tx.execute(sql`delete from newsletter where lower(email) = ${email}`);
    await tx.execute(sql`delete from waitlist where lower(email) = ${email}`);
    await tx.execute(sql`delete from music_access where lower(email) = ${email}`);
    await tx.execute(sql`delete from invitations where lower(email) = ${email}`);
    // The invitations' unsubscribe links go with them (the unsubscribe itself, if any, is kept).
    await tx.execute(sql`delete from unsubscribe_tokens where email = ${email}`);
    // Plays and past campaign sends still count in the figures, no longer as this person's.
    await tx.execute(sql`update audio_events set user_id = null, user_email = null where user_id = ${id}::uuid or lower(user_email) = ${email}`);
    await tx.execute(sql`
      update campaign_recipients set email = 'deleted-' || id::text || '@deleted.invalid', name = null, updated_at = now()
       where email = ${email}`);
    await unsubscribeAddress(tx, { email, source: "account-deleted" });
    await recordConsents(tx, {
      email,
      userId: id,
      source: "profile",
      answers: { terms: false, privacy: false, email_updates: false, sms: false, newsletter: false, campaigns: false },
    });
    await tx.execute(sql`update consents set user_id = null where user_id = ${id}::uuid`);
    await tx.execute(sql`delete from "user" where id = ${id}::uuid`);
    return (anonymised as unknown as { rows: unknown[] }).rows.length;
  });
  return { ok: true, message: memberDataMessages.deleted, reservationsAnonymised };
}
