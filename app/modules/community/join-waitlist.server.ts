import { waitlist } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { renderEmail } from "#app/modules/messaging/index.server";
import { sendEmail, type OutboxWake } from "#app/modules/messaging/index.server";
import { WaitlistConfirmationEmail } from "#app/modules/messaging";
import { normaliseAddress } from "#app/modules/security";
import type { LimitedClient } from "#app/modules/security/index.server";
import type { TooManyAttemptsRefusal } from "#app/modules/security";
import { countSignUpAttempt } from "./sign-up-limits.server";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * Puts an e-mail on the launch waitlist of the meditation platform, within the sign-up limits; a
 * repeat is a success, and one inbox is confirmed by e-mail once, however its address is spelled.
 */
export async function joinWaitlist(
  db: Database,
  options: { email: string; source?: string; plan?: string; publicUrl: string; client: LimitedClient; wake: OutboxWake },
): Promise<{ alreadyOnList: boolean } | TooManyAttemptsRefusal> {
  const refusal = await countSignUpAttempt(db, "waitlist", { client: options.client, email: options.email });
  if (refusal) return refusal;
  const inserted = await db
    .insert(waitlist)
    .values({ email: normaliseEmailAddress(options.email), source: options.source ?? null, plan: options.plan ?? null })
    .onConflictDoNothing()
    .returning({ id: waitlist.id });
  if (inserted.length === 0) return { alreadyOnList: true };
  const { html, text } = await renderEmail(WaitlistConfirmationEmail({ publicUrl: options.publicUrl }));
  await sendEmail(db, {
    kind: "waitlist-confirmation",
    to: options.email,
    subject: "You're on the list",
    html,
    text,
    idempotencyKey: `waitlist-confirmation:${normaliseAddress(options.email)}`,
  }, options.wake);
  return { alreadyOnList: false };
}
