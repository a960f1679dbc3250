import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { newestTexts } from "#app/modules/messaging/index.server";

/** The newest texts, for the dev mailbox's Texts tab (where texts go while Twilio is not configured). */
export async function listTexts(db: Database, limit = 100): Promise<OutboxMessage[]> {
  return newestTexts(db, limit);
}
