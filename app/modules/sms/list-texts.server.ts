import { desc, eq } from "drizzle-orm";
import { outbox, type OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";

/** The newest texts, for the dev mailbox's Texts tab (where texts go while Twilio is not configured). */
export async function listTexts(db: Database, limit = 100): Promise<OutboxMessage[]> {
  return db.select().from(outbox).where(eq(outbox.channel, "sms")).orderBy(desc(outbox.createdAt)).limit(limit);
}
