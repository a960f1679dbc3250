import { createHash } from "node:crypto";
import { withoutControlCharacters } from "#app/modules/security";
import { MAX_PARSED_BYTES, readReportParts, type Fields, type ReportParts } from "./report-mime.server";
import { tokensIn } from "./verp";
import { normaliseEmailAddress } from "#app/lib/email-address";

/** What one message in the bounce mailbox reports. */
export type BounceReport =
  | {
      kind: "hard" | "soft" | "complaint";
      /** Names the report itself, so the same report read twice is one event. */
      eventKey: string;
      /** Who sent the report (its From), for the unmatched list; never acted on. */
      sender: string | null;
      /** The address the report says failed or complained; shown when the report matches nothing, never acted on. */
      namedRecipient: string | null;
      /** Tokens of our envelope addresses (verp.ts) where the report came back to or in its returned headers. */
      tokens: string[];
      /** The Message-ID of the returned message, from the report's returned headers. */
      originalMessageId: string | null;
      /** The status code and the remote server's words, for the suppression list. */
      detail: string;
      occurredAt: Date;
    }
  | { kind: "none"; eventKey: string; sender: string | null; why: string };

const MAX_DETAIL = 500;
const MAX_ADDRESS = 320;
const MAX_LINE = 1000;

/**
 * Reads a bounce or complaint (docs/decisions/048, 051), each field only from the part the
 * standards put it in: RFC 3464 delivery-status parts (5.x.x hard, 4.x.x or `delayed` soft),
 * RFC 5965 feedback-report parts (a complaint), and, for a message with neither, the plain text of
 * a non-standard bounce (qmail, Exchange) with an SMTP reply in it. The report's words decide only
 * what happened; which message (and so whom) it is about comes from our token or the returned
 * Message-ID, matched later against what we sent.
 */
export function parseBounceReport(raw: Buffer | string, bounceAddress?: string): BounceReport {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  const parts = readReportParts(bytes);
  const ownId = messageIdIn(parts.headers.get("message-id"));
  const eventKey = `mailbox:${ownId ?? createHash("sha256").update(bytes.subarray(0, MAX_PARSED_BYTES)).digest("hex")}`;
  const sender = addressIn(parts.headers.get("from"));
  const occurredAt = dateOf(parts.headers.get("date"));

  const feedback = parts.feedbackReport;
  const feedbackType = feedback?.get("feedback-type")?.toLowerCase().slice(0, 40);
  if (feedback && feedbackType) {
    if (feedbackType === "not-spam") return { kind: "none", eventKey, sender, why: "a not-spam feedback report" };
    return {
      kind: "complaint",
      eventKey,
      sender,
      namedRecipient: addressIn(feedback.get("original-rcpt-to")) ?? addressIn(feedback.get("removal-recipient")),
      tokens: reportTokens(parts, bounceAddress, [feedback.get("original-mail-from")]),
      originalMessageId: returnedMessageId(parts.returnedHeaders, ownId),
      detail: clip(`Complaint (${feedbackType})`),
      occurredAt,
    };
  }

  if (parts.deliveryStatus) {
    const recipients = parts.deliveryStatus.slice(1);
    const failed = recipients.find((group) => isFailure(group)) ?? null;
    if (!failed) {
      const first = recipients[0];
      return { kind: "none", eventKey, sender, why: `a delivery report (${clip(first?.get("action") ?? first?.get("status") ?? "no recipient")})` };
    }
    const status = enhancedStatusIn(failed.get("status") ?? "");
    const action = failed.get("action")?.trim().toLowerCase();
    const kind = action === "delayed" || status?.startsWith("4") ? "soft" : "hard";
    const diagnostic = withoutPrefix(failed.get("diagnostic-code") ?? "", "smtp;");
    return {
      kind,
      eventKey,
      sender,
      namedRecipient: addressIn(failed.get("final-recipient")) ?? addressIn(failed.get("original-recipient")),
      tokens: reportTokens(parts, bounceAddress, []),
      originalMessageId: returnedMessageId(parts.returnedHeaders, ownId),
      detail: clip([status, diagnostic].filter(Boolean).join(" ") || `Action: ${action}`),
      occurredAt,
    };
  }

  // Neither report part: a plain-text bounce. Its SMTP reply says hard or soft; it quotes the returned headers in its text.
  const reply = replyLine(parts.text);
  if (!reply || !looksLikeBounce(parts.headers.get("subject") ?? "", parts.headers.get("from") ?? "")) {
    return { kind: "none", eventKey, sender, why: "not a bounce or complaint" };
  }
  return {
    kind: reply.permanent ? "hard" : "soft",
    eventKey,
    sender,
    namedRecipient: null,
    tokens: reportTokens(parts, bounceAddress, [parts.text]),
    originalMessageId: quotedMessageIdInText(parts.text, ownId),
    detail: clip(reply.line),
    occurredAt,
  };
}

/** The top-level fields of a report as read for the unmatched list when a message is too large to read: who sent it and its key. */
export function reportEnvelope(raw: Buffer): { eventKey: string; sender: string | null } {
  const parts = readReportParts(raw.subarray(0, 64 * 1024));
  const ownId = messageIdIn(parts.headers.get("message-id"));
  return {
    eventKey: `mailbox:${ownId ?? createHash("sha256").update(raw.subarray(0, MAX_PARSED_BYTES)).digest("hex")}`,
    sender: addressIn(parts.headers.get("from")),
  };
}

function isFailure(group: Fields): boolean {
  const action = group.get("action")?.trim().toLowerCase();
  const status = enhancedStatusIn(group.get("status") ?? "");
  if (action === "failed" || action === "delayed") return true;
  if (action !== undefined) return false;
  return status !== null && !status.startsWith("2");
}

/**
 * Our tokens where a report can honestly carry them: the envelope it came back to (To,
 * Delivered-To, X-Original-To, Envelope-To), the returned message's Return-Path, and what the
 * caller adds (an ARF's Original-Mail-From, a plain-text bounce's quoted headers). A token is the
 * 128-bit id of one outbox message, seen only by its recipient and the servers on the way.
 */
function reportTokens(parts: ReportParts, bounceAddress: string | undefined, more: Array<string | undefined>): string[] {
  if (!bounceAddress) return [];
  const places = [
    ...["to", "delivered-to", "x-original-to", "envelope-to"].map((name) => parts.headers.get(name)),
    ...parts.returnedHeaders.map((headers) => headers.get("return-path")),
    ...more,
  ];
  return [...new Set(places.flatMap((text) => (text ? tokensIn(text, bounceAddress) : [])))];
}

/** The returned message's Message-ID, from the first returned headers that have one other than the report's own. */
function returnedMessageId(returned: Fields[], ownId: string | null): string | null {
  for (const headers of returned) {
    const id = messageIdIn(headers.get("message-id"));
    if (id && id !== ownId) return id;
  }
  return null;
}

/** A plain-text bounce's quoted `Message-ID:` line (its copy of the returned headers). */
function quotedMessageIdInText(text: string, ownId: string | null): string | null {
  for (const line of linesOf(text)) {
    const trimmed = line.trimStart();
    if (trimmed.slice(0, 11).toLowerCase() !== "message-id:") continue;
    const id = messageIdIn(trimmed.slice(11));
    if (id && id !== ownId) return id;
  }
  return null;
}

/** `<local@domain>` from a header value: the first angle-bracketed part without spaces, at most 500 characters. */
function messageIdIn(value: string | undefined): string | null {
  if (!value) return null;
  const open = value.indexOf("<");
  if (open === -1) return null;
  const close = value.indexOf(">", open);
  if (close === -1 || close - open > 500) return null;
  const id = value.slice(open, close + 1);
  return id.length > 2 && !id.includes(" ") ? id : null;
}

/**
 * An address from a header or report field (`rfc822; a@b`, `Name <a@b>`, `<a@b>`), lower-cased
 * and without control characters; null when there is no plausible one.
 */
export function addressIn(value: string | undefined): string | null {
  if (!value) return null;
  let text = value.slice(0, MAX_FIELD_SCAN);
  const semicolon = text.indexOf(";");
  if (semicolon !== -1 && semicolon < 20) text = text.slice(semicolon + 1);
  const open = text.indexOf("<");
  if (open !== -1) {
    const close = text.indexOf(">", open);
    text = text.slice(open + 1, close === -1 ? undefined : close);
  } else {
    text = text.trim().split(" ").find((word) => word.includes("@")) ?? "";
  }
  const address = normaliseEmailAddress(withoutControlCharacters(text));
  const at = address.lastIndexOf("@");
  if (address.length > MAX_ADDRESS || at <= 0 || at === address.length - 1 || address.includes(" ")) return null;
  return address;
}
const MAX_FIELD_SCAN = 1000;

/** The first `2.x.x`, `4.x.x` or `5.x.x` enhanced status code (RFC 3463) in the text, read in one pass. */
export function enhancedStatusIn(text: string): string | null {
  const capped = text.slice(0, MAX_LINE);
  for (let index = 0; index < capped.length; index++) {
    const first = capped[index];
    if (first !== "2" && first !== "4" && first !== "5") continue;
    if (index > 0 && isDigitOrDot(capped.charCodeAt(index - 1))) continue;
    if (capped[index + 1] !== ".") continue;
    const second = digitsFrom(capped, index + 2);
    if (second === 0 || second > 3 || capped[index + 2 + second] !== ".") continue;
    const third = digitsFrom(capped, index + 3 + second);
    if (third === 0 || third > 3) continue;
    const end = index + 3 + second + third;
    if (end < capped.length && isDigitOrDot(capped.charCodeAt(end))) continue;
    return capped.slice(index, end);
  }
  return null;
}

function digitsFrom(text: string, start: number): number {
  let count = 0;
  while (count < 4 && start + count < text.length && isDigit(text.charCodeAt(start + count))) count++;
  return count;
}

const isDigit = (code: number) => code >= 48 && code <= 57;
const isDigitOrDot = (code: number) => isDigit(code) || code === 46;

/** The SMTP reply in a plain-text bounce: the first line with an enhanced code, else one with a basic reply code (4xx/5xx then a space or dash). */
function replyLine(text: string): { line: string; permanent: boolean } | null {
  const lines = linesOf(text);
  for (const line of lines) {
    const status = enhancedStatusIn(line);
    if (status && status[0] !== "2") return { line: line.trim(), permanent: status[0] === "5" };
  }
  for (const line of lines) {
    const code = basicReplyCodeIn(line);
    if (code) return { line: line.trim(), permanent: code.startsWith("5") };
  }
  return null;
}

/** A 4xx or 5xx SMTP reply code standing alone and followed by a space or a dash ("550 ", "451-"). */
function basicReplyCodeIn(line: string): string | null {
  for (let index = 0; index + 3 < line.length; index++) {
    const first = line[index];
    if (first !== "4" && first !== "5") continue;
    if (index > 0 && isDigit(line.charCodeAt(index - 1))) continue;
    if (!isDigit(line.charCodeAt(index + 1)) || !isDigit(line.charCodeAt(index + 2))) continue;
    const after = line[index + 3];
    if (after !== " " && after !== "-") continue;
    const code = line.slice(index, index + 3);
    const value = Number(code);
    if ((value >= 421 && value <= 459) || (value >= 500 && value <= 559)) return code;
  }
  return null;
}

/** The text's lines, each at most MAX_LINE characters. */
function linesOf(text: string): string[] {
  return text.split("\n").map((line) => line.slice(0, MAX_LINE));
}

function looksLikeBounce(subject: string, from: string): boolean {
  const sender = from.slice(0, MAX_LINE).toLowerCase();
  const title = subject.slice(0, MAX_LINE).toLowerCase();
  return (
    ["mailer-daemon", "postmaster", "mail delivery"].some((word) => sender.includes(word)) ||
    ["undeliver", "failure", "delivery status", "returned mail", "not delivered", "delayed"].some((word) => title.includes(word))
  );
}

function withoutPrefix(text: string, prefix: string): string {
  const trimmed = text.trim();
  return trimmed.slice(0, prefix.length).toLowerCase() === prefix ? trimmed.slice(prefix.length).trim() : trimmed;
}

function dateOf(value: string | undefined): Date {
  const parsed = value ? new Date(value.slice(0, 200)) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

function clip(text: string): string {
  const clean = withoutControlCharacters(text);
  return clean.length > MAX_DETAIL ? `${clean.slice(0, MAX_DETAIL - 1)}…` : clean;
}
