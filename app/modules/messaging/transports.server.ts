import type { OutboxMessage } from "#db/schema";

/** Something that can send one outbox message of its channel: SMTP or the dev mailbox, Twilio. */
export interface Transport {
  name: string;
  send(message: OutboxMessage): Promise<{ providerId: string | null }>;
  /** True for the dev mailbox, which shows what it "sent"; otherwise a sent body is cleared. */
  keepsBodies?: boolean;
}

export type Transports = Partial<Record<OutboxMessage["channel"], Transport>>;
