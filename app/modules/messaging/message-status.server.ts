import { desc, eq, sql } from "drizzle-orm";
import { outbox, type OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";

/** Where one message stands: its status, the provider's id once sent, and the last error. */
export type MessageDelivery = Pick<OutboxMessage, "status" | "providerId" | "lastError">;

/** Where the message `id` stands; undefined when there is none. */
export async function messageDelivery(db: Database, id: string): Promise<MessageDelivery | undefined> {
  const [row] = await db.select({ status: outbox.status, providerId: outbox.providerId, lastError: outbox.lastError }).from(outbox).where(eq(outbox.id, id));
  return row;
}

/** How many messages are in each status (statuses with none are absent), all channels together. */
export async function countMessagesByStatus(db: Database): Promise<Map<OutboxMessage["status"], number>> {
  const rows = await db
    .select({ status: outbox.status, count: sql<number>`count(*)::int` })
    .from(outbox)
    .groupBy(outbox.status);
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

/** The newest texts, newest first (the dev mailbox's Texts tab). */
export async function newestTexts(db: Database, limit = 100): Promise<OutboxMessage[]> {
  return db.select().from(outbox).where(eq(outbox.channel, "sms")).orderBy(desc(outbox.createdAt)).limit(limit);
}
