import { noOutboxWake } from "#app/modules/messaging/index.server";
import { noTextWake } from "#app/modules/sms/index.server";

/**
 * Both senders' wakes for a test without a running instance: nothing is woken, and what a use
 * case queues stays in the outbox (a test sends it itself, or looks at the rows).
 */
export const noSenderWakes = { outbox: noOutboxWake, texts: noTextWake };
