import { slot } from "#app/lib/singleton.server";

/**
 * Whether this instance delivers to the dev mailbox (no SMTP_URL). Only then may a row keep its
 * sign-in link in `meta`, for /dev/mailbox's button and the console; with real SMTP the link exists
 * only in the message body, and that is cleared once it is sent. The composition root sets it at
 * start-up. Unset (a script, a unit test without a runtime) counts as the mailbox, the transport
 * those get without SMTP_URL.
 */
// A slot, so that a development reload of this module keeps the setting.
const current = slot<boolean>("outbox-mailbox-mode");

export function registerMailboxMode(mailbox: boolean | undefined): void {
  current.current = mailbox;
}

export function keepsSignInLinks(): boolean {
  return current.current ?? true;
}
