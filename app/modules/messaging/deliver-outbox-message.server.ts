import type { OutboxMessage } from "../../../db/schema";
import type { Database } from "~/lib/db.server";
import { describeFailure, isPermanentFailure } from "./delivery-errors";
import { claimMessage, recordFailure, recordSent } from "./outbox.server";

/** Something that can send one outbox message of its channel: SMTP or the dev mailbox, Twilio. */
export interface Transport {
  name: string;
  send(message: OutboxMessage): Promise<{ providerId: string | null }>;
  /** True for the dev mailbox, which shows what it "sent"; otherwise a sent body is cleared. */
  keepsBodies?: boolean;
}

export type Transports = Partial<Record<OutboxMessage["channel"], Transport>>;

export type DeliveryResult = "sent" | "not-due" | "will-retry" | "failed";

/**
 * Sends one outbox message if it is still waiting, outside the batch sender (a script, a test).
 * The delivery loop (outbox-sender.server.ts) does the same for many rows at once. A failure is recorded on the row (attempts,
 * last error, next attempt) and the message stays in the outbox for the next try.
 */
export async function deliverOutboxMessage(options: {
  db: Database;
  id: string;
  transports: Transports;
  retryDelaySeconds: number;
}): Promise<DeliveryResult> {
  const channels = (Object.keys(options.transports) as OutboxMessage["channel"][]).filter(
    (channel) => options.transports[channel],
  );
  const message = await claimMessage(options.db, options.id, channels);
  if (!message) return "not-due";
  const transport = options.transports[message.channel] as Transport;
  try {
    const outcome = await transport.send(message);
    await recordSent(options.db, message.id, {
      transport: transport.name,
      providerId: outcome.providerId,
      keepBody: transport.keepsBodies ?? false,
    });
    return "sent";
  } catch (error) {
    const status = await recordFailure(
      options.db,
      message,
      describeFailure(error),
      options.retryDelaySeconds,
      isPermanentFailure(error),
    );
    return status === "failed" ? "failed" : "will-retry";
  }
}
