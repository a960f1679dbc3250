import { eq, inArray } from "drizzle-orm";
import { outbox } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { cancelMessages } from "./outbox.server";

/** The id of the message written under `idempotencyKey`, if one was. */
export async function messageIdByKey(db: Database, idempotencyKey: string): Promise<string | undefined> {
  const [row] = await db.select({ id: outbox.id }).from(outbox).where(eq(outbox.idempotencyKey, idempotencyKey));
  return row?.id;
}

/** Which of `idempotencyKeys` already name a message (one query). */
export async function knownMessageKeys(db: Database, idempotencyKeys: string[]): Promise<Set<string>> {
  if (idempotencyKeys.length === 0) return new Set();
  const rows = await db.select({ key: outbox.idempotencyKey }).from(outbox).where(inArray(outbox.idempotencyKey, idempotencyKeys));
  return new Set(rows.map((row) => row.key));
}

/** Cancels the message written under `idempotencyKey` if no sender holds it yet; returns the ids it cancelled (none or one). */
export async function cancelMessageByKey(tx: Database, idempotencyKey: string, reason: string): Promise<string[]> {
  return cancelMessages(tx, eq(outbox.idempotencyKey, idempotencyKey), reason);
}
