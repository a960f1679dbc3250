import { waitlist } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { renderEmail } from "../messaging/render-email.server";
import { sendEmail } from "../messaging/send-email.server";
import { WaitlistConfirmationEmail } from "../messaging/templates/waitlist-confirmation";

/** Puts an e-mail on the launch waitlist of the meditation platform; a repeat is a success. */
export async function joinWaitlist(
  db: Database,
  options: { email: string; source?: string; plan?: string; publicUrl: string },
): Promise<{ alreadyOnList: boolean }> {
  const inserted = await db
    .insert(waitlist)
    .values({ email: options.email, source: options.source ?? null, plan: options.plan ?? null })
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
    idempotencyKey: `waitlist-confirmation:${options.email.toLowerCase()}`,
  });
  return { alreadyOnList: false };
}
