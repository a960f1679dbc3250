import { normaliseEmailAddress } from "#app/lib/email-address";

export interface RecipientInput {
  email: string;
  name?: string | null;
}

export interface Recipient {
  email: string;
  name: string | null;
}

/**
 * Each address once, normalised (docs/decisions/061, spec §5); the first non-empty name seen for an
 * address wins. Blank addresses are dropped. Order is kept (the first occurrence's place).
 */
export function uniqueRecipients(inputs: readonly RecipientInput[]): Recipient[] {
  const byEmail = new Map<string, Recipient>();
  for (const input of inputs) {
    const email = normaliseEmailAddress(input.email);
    if (!email) continue;
    const name = input.name?.trim() || null;
    const known = byEmail.get(email);
    if (!known) byEmail.set(email, { email, name });
    else if (!known.name && name) known.name = name;
  }
  return [...byEmail.values()];
}

/**
 * Splits recipients into those to write and those skipped because they unsubscribed. Skipped
 * ones are still written (status 'skipped') so the campaign shows who was left out and why.
 */
export function partitionUnsubscribed(recipients: readonly Recipient[], unsubscribed: ReadonlySet<string>) {
  const send: Recipient[] = [];
  const skipped: Recipient[] = [];
  for (const recipient of recipients) (unsubscribed.has(recipient.email) ? skipped : send).push(recipient);
  return { send, skipped };
}
