import type { Database } from "#app/lib/db.server";
import { dueMessages, failingTransactionalEmails, RELAY_STAGES, type FailingTransactionalEmails, type FailureStage } from "#app/modules/messaging/index.server";
import { noteCondition, type AlertSettings } from "./alerts.server";

/** The oldest due transactional message may wait this long before admins are told. */
const OUTBOX_WAIT_ALERT_SECONDS = 5 * 60;

/**
 * Transactional mail is failing, as far as the admins are concerned, when messages to at least
 * this many recipient domains fail at the same time. A recipient's own mail server decides (and
 * words) its refusals, and anyone may ask for a sign-in link to an address at a server they run:
 * one domain failing proves nothing about our mail. Several unrelated domains failing at once
 * is our relay, our reputation or our content, and an outsider would need that many domains of
 * their own to raise it (and would still not write a word of the alert).
 */
export const FAILING_DOMAINS_TO_ALERT = 5;

/**
 * The relay refusing us (no connection, login refused, our sender refused) counts from the first
 * message: it answers before any recipient is named, so no outsider chooses it, and on a quiet
 * site one sign-in link may be all the mail there is.
 */
export const RELAY_FAILURES_TO_ALERT = 1;

/**
 * A message given up (a 5xx refusal, or its attempts used up) counts as failing this long after;
 * one still retried counts while it is retried (up to its tenth attempt, a few hours).
 */
export const GIVEN_UP_COUNTS_MINUTES = 60;

/** How each stage is said in an alert. */
const stageWords: Record<FailureStage, string> = {
  connection: "could not connect",
  login: "login refused",
  sender: "our sender address refused",
  recipient: "recipient refused",
  message: "message refused",
  rendering: "could not be written",
  unknown: "other failure",
};

/**
 * The periodic check (a scheduled job, so one instance at a time runs it every minute) of the
 * conditions read from the outbox: transactional mail failing as a whole (the relay refusing, or
 * `FAILING_DOMAINS_TO_ALERT` domains failing; alerting once it has lasted 15 minutes) and the
 * oldest due transactional message older than 5 minutes. The alert says what we know in our own
 * words: the condition, counts, the reply classes and enhanced codes; never a server's reply text.
 */
export async function checkOutboxAlerts(db: Database, settings: AlertSettings): Promise<void> {
  const failing = await failingTransactionalEmails(db, { givenUpMinutes: GIVEN_UP_COUNTS_MINUTES });
  const detail = mailFailingDetail(failing);
  await noteCondition(db, "mail-failing", detail !== undefined, detail, settings);
  const due = (await dueMessages(db)).find((row) => row.channel === "email" && row.priority === "transactional");
  const backedUp = due !== undefined && due.oldestSeconds > OUTBOX_WAIT_ALERT_SECONDS;
  await noteCondition(
    db,
    "outbox-backed-up",
    backedUp,
    backedUp ? `${due.count} transactional ${due.count === 1 ? "e-mail is" : "e-mails are"} due; the oldest was written ${Math.round(due.oldestSeconds / 60)} minutes ago.` : undefined,
    settings,
  );
}

/** What the alert says when transactional mail fails as a whole, or undefined when it does not. */
export function mailFailingDetail(failing: FailingTransactionalEmails): string | undefined {
  const isRelay = (stage: FailureStage) => RELAY_STAGES.includes(stage);
  // In the order of `stageWords`, so the same failures always read the same.
  const order = Object.keys(stageWords);
  const stages = [...failing.stages].sort((a, b) => order.indexOf(a.stage) - order.indexOf(b.stage));
  const relay = stages.filter((row) => isRelay(row.stage));
  const own = stages.filter((row) => !isRelay(row.stage));
  const relayMessages = sum(relay.map((row) => row.messages));
  const relayHolds = relayMessages >= RELAY_FAILURES_TO_ALERT;
  const domainsHold = failing.recipientDomains >= FAILING_DOMAINS_TO_ALERT;
  if (!relayHolds && !domainsHold) return undefined;

  const sentences: string[] = [];
  if (relayHolds) {
    sentences.push(
      `Our mail relay refused or could not be reached for ${emails(relayMessages)} (${relay.map((row) => `${stageWords[row.stage]}: ${row.messages}`).join(", ")}).` +
        replies(failing, true),
    );
  }
  if (domainsHold) {
    const messages = sum(own.map((row) => row.messages));
    const retrying = sum(own.map((row) => row.retrying));
    sentences.push(
      `${emails(messages)} to ${failing.recipientDomains} different recipient domains failed ` +
        `(${retrying} waiting for another attempt, ${messages - retrying} given up in the last ${GIVEN_UP_COUNTS_MINUTES} minutes).` +
        replies(failing, false),
    );
  }
  return sentences.join(" ");
}

/** The replies' classes and enhanced codes, commonest first: ` Replies: 4xx 4.7.1 (3), 5xx 5.1.1 (1).` */
function replies(failing: FailingTransactionalEmails, relay: boolean): string {
  const seen = failing.commonest
    .filter((group) => RELAY_STAGES.includes(group.stage) === relay && group.replyCode !== undefined)
    .slice(0, 5)
    .map((group) => `${Math.floor(group.replyCode! / 100)}xx${isEnhancedCode(group.enhancedCode) ? ` ${group.enhancedCode}` : ""} (${group.messages})`);
  return seen.length > 0 ? ` Replies: ${seen.join(", ")}.` : " No reply was received.";
}

/** Only a code as our parser writes it (`4.7.1`) ever reaches an alert. */
function isEnhancedCode(code: string | undefined): code is string {
  if (code === undefined || code.length > 11) return false;
  for (const char of code) if (char !== "." && (char < "0" || char > "9")) return false;
  return true;
}

function emails(count: number): string {
  return `${count} transactional ${count === 1 ? "e-mail" : "e-mails"}`;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
