import { and, eq, inArray } from "drizzle-orm";
import { outbox } from "#db/schema";
import type { Database } from "#app/lib/db.server";

/** Whose an e-mail was: what a bounce or complaint report about it needs to know. */
export interface EmailOwner {
  id: string;
  recipient: string;
  campaignId: string | null;
}

const owner = { id: outbox.id, recipient: outbox.recipient, campaignId: outbox.campaignId };

/** The e-mails among `ids` (texts and unknown ids are left out), in no particular order. */
export async function emailsByIds(db: Database, ids: string[]): Promise<EmailOwner[]> {
  if (ids.length === 0) return [];
  return db.select(owner).from(outbox).where(and(inArray(outbox.id, ids), eq(outbox.channel, "email")));
}

/** The e-mail a provider knows by `providerId` (the Message-ID it was sent with), if any. */
export async function emailByProviderId(db: Database, providerId: string): Promise<EmailOwner | undefined> {
  const [row] = await db
    .select(owner)
    .from(outbox)
    .where(and(eq(outbox.channel, "email"), eq(outbox.providerId, providerId)))
    .limit(1);
  return row;
}

/** The campaign a message belongs to; null when it belongs to none or is unknown. */
export async function campaignOfMessage(db: Database, messageId: string): Promise<string | null> {
  const [row] = await db.select({ campaignId: outbox.campaignId }).from(outbox).where(eq(outbox.id, messageId));
  return row?.campaignId ?? null;
}
