import { newsletter, waitlist } from "../schema";
import { buildNewsletterSubscriber, buildWaitlistEntry } from "../factories/community";
import type { Database } from "~/lib/db.server";

/**
 * The demo brand's content, so a fresh install shows a living site. Safe to run any number of
 * times: every row has a fixed natural key and existing rows are left alone.
 */
export async function seedDemoContent(db: Database): Promise<void> {
  await db
    .insert(newsletter)
    .values(
      ["maya.lindqvist@example.com", "daniel.okafor@example.com", "sofia.brennan@example.com"].map((email) =>
        buildNewsletterSubscriber({ email }),
      ),
    )
    .onConflictDoNothing();
  await db
    .insert(waitlist)
    .values([
      buildWaitlistEntry({ email: "maya.lindqvist@example.com", source: "meditations" }),
      buildWaitlistEntry({ email: "leo.hartmann@example.com", source: "harmonize", plan: "Harmony Symphony" }),
    ])
    .onConflictDoNothing();
}
