import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { Transport } from "#app/modules/messaging/index.server";
import { optOut } from "./queue-text.server";
import { isOptedOut } from "./text-eligibility.server";
import { sendTwilioMessage, TWILIO_UNSUBSCRIBED_RECIPIENT, type TwilioSettings } from "./twilio-client.server";

/** A refusal that no retry will change (an opted-out number, bad credentials, an invalid number). */
export class PermanentSmsFailure extends Error {
  readonly permanent = true;
}

export interface SmsTransportOptions {
  db: Database;
  /** Twilio's settings; without them texts go to the dev mailbox (its Texts tab), never nowhere. */
  twilio?: TwilioSettings;
  /** Texts per second at most (SMS_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** Where Twilio reports delivery (PUBLIC_URL + /api/sms/status). */
  statusCallbackUrl?: string;
}

/**
 * The outbox's transport for texts. It paces sends to `ratePerSecond` (Twilio queues what a long
 * code cannot send at once, and drops what waits too long), checks the opt-out list once more at
 * the moment of sending, and turns Twilio's 21610 into an opt-out.
 */
export function createSmsTransport(options: SmsTransportOptions): Transport {
  const spacingMs = 1000 / options.ratePerSecond;
  let nextSlot = 0;
  const pace = async () => {
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + spacingMs;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };

  return {
    name: options.twilio ? "twilio" : "mailbox",
    keepsBodies: !options.twilio,
    async send(message: OutboxMessage) {
      if (await isOptedOut(options.db, message.recipient)) {
        throw new PermanentSmsFailure("Not sent: the number has opted out of texts (STOP)");
      }
      if (!options.twilio) return { providerId: `SMdev${message.id.replaceAll("-", "").slice(0, 29)}` };
      await pace();
      const result = await sendTwilioMessage(options.twilio, {
        to: message.recipient,
        body: message.bodyText,
        statusCallback: options.statusCallbackUrl,
      });
      if (result.ok) return { providerId: result.sid };
      if (result.code === TWILIO_UNSUBSCRIBED_RECIPIENT) {
        await optOut(options.db, message.recipient, "carrier");
        throw new PermanentSmsFailure(`${result.reason} (the number is now marked as opted out)`);
      }
      if (!result.temporary) throw new PermanentSmsFailure(result.reason);
      throw new Error(result.reason);
    },
  };
}

export function twilioSettingsFrom(env: {
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_API_BASE: string;
}): TwilioSettings | undefined {
  if (!env.TWILIO_ACCOUNT_SID || !env.TWILIO_AUTH_TOKEN || !env.TWILIO_FROM) return undefined;
  return { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM, apiBase: env.TWILIO_API_BASE };
}
