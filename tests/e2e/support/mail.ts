import { expect } from "@playwright/test";
import { mailApiUrl } from "./ports";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

/** Every message the mail catcher has received for an address, oldest first. */
export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${mailApiUrl}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** From now on the mail catcher refuses messages to `address` with this SMTP answer (a mailbox that does not exist). */
export async function refuseMail(address: string, code: number, message: string): Promise<void> {
  const query = new URLSearchParams({ to: address, code: String(code), message });
  const response = await fetch(`${mailApiUrl}/refuse?${query}`, { method: "POST" });
  expect(response.ok).toBe(true);
}

/** Waits for the `count`-th message to an address (1 = the first) and returns it. */
export async function waitForMail(address: string, count = 1): Promise<CaughtMail> {
  let messages: CaughtMail[] = [];
  await expect
    // Asked every 250 ms (Playwright's default backs off to a second): a message that arrives is
    // seen at once, and a question to the local mail catcher costs next to nothing.
    .poll(async () => (messages = await mailTo(address)).length, { timeout: 20_000, intervals: [100, 250], message: `e-mail to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return messages[count - 1]!;
}

/** The link of a message whose address contains `pathPart`, e.g. "/login/link?". */
export function linkIn(mail: CaughtMail, pathPart: string): string {
  const link = mail.links.find((candidate) => candidate.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in "${mail.subject}": ${mail.links.join(", ")}`);
  return link;
}
