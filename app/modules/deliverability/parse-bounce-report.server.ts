import { createHash } from "node:crypto";
import { simpleParser } from "mailparser";
import { tokensIn } from "./verp";

/** What one message in the bounce mailbox reports. */
export type BounceReport =
  | {
      kind: "hard" | "soft" | "complaint";
      /** Names the report itself, so the same report read twice is one event. */
      eventKey: string;
      /** The failed address as the report names it (the VERP token, when present, names it exactly). */
      recipient: string | null;
      /** Tokens of our envelope addresses found in the report (verp.ts). */
      tokens: string[];
      /** The Message-ID of the message that bounced, when the report quotes it. */
      originalMessageId: string | null;
      /** The status code and the remote server's words, for the suppression list. */
      detail: string;
      occurredAt: Date;
    }
  | { kind: "none"; eventKey: string; why: string };

const MAX_DETAIL = 500;

/**
 * Reads a bounce or complaint: RFC 3464 delivery-status reports (5.x.x hard, 4.x.x or `delayed`
 * soft), RFC 5965 ARF feedback reports (a complaint), and the common non-standard bounces that
 * carry an SMTP reply in their text (qmail, Exchange). mailparser decodes the message; the report
 * fields are read from the decoded text and the raw source alike, because mailparser inlines some
 * report parts into the text and keeps others as attachments.
 */
export async function parseBounceReport(raw: Buffer | string, bounceAddress?: string): Promise<BounceReport> {
  const source = typeof raw === "string" ? raw : raw.toString("utf8");
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  const eventKey = `mailbox:${parsed.messageId ?? createHash("sha256").update(source).digest("hex")}`;
  const parts = [source, parsed.text ?? "", ...parsed.attachments.map((attachment) => attachment.content.toString("utf8"))].join("\n");
  const fields = reportFields(parts);
  const tokens = bounceAddress ? tokensIn(source, bounceAddress) : [];
  const originalMessageId = quotedMessageId(source, parsed.messageId);
  const occurredAt = parsed.date && !Number.isNaN(parsed.date.getTime()) ? parsed.date : new Date();
  const common = { eventKey, tokens, originalMessageId, occurredAt };

  const feedbackType = fields.get("feedback-type")?.toLowerCase();
  if (feedbackType !== undefined) {
    if (feedbackType === "not-spam") return { kind: "none", eventKey, why: "a not-spam feedback report" };
    const recipient = addressIn(fields.get("original-rcpt-to")) ?? addressIn(fields.get("removal-recipient"));
    return { kind: "complaint", recipient, detail: `Complaint (${feedbackType})`, ...common };
  }

  const status = fields.get("status")?.match(/\b([245])\.\d{1,3}\.\d{1,3}\b/)?.[0];
  const action = fields.get("action")?.toLowerCase();
  if (status !== undefined || action !== undefined) {
    if (action === "delivered" || action === "relayed" || action === "expanded" || status?.startsWith("2"))
      return { kind: "none", eventKey, why: `a delivery report (${action ?? status})` };
    const kind = action === "delayed" || status?.startsWith("4") ? "soft" : "hard";
    const diagnostic = fields.get("diagnostic-code")?.replace(/^\s*smtp\s*;\s*/i, "");
    const recipient = addressIn(fields.get("final-recipient")) ?? addressIn(fields.get("original-recipient"));
    return { kind, recipient, detail: clip([status, diagnostic].filter(Boolean).join(" ") || `Action: ${action}`), ...common };
  }

  // No report fields: a plain-text bounce. Its SMTP reply (an enhanced code, else a bare reply code) says hard or soft.
  const text = parsed.text ?? "";
  const reply = replyLine(text);
  if (!reply || !looksLikeBounce(parsed.subject ?? "", parsed.from?.text ?? "")) return { kind: "none", eventKey, why: "not a bounce or complaint" };
  return { kind: reply.permanent ? "hard" : "soft", recipient: firstForeignAddress(text, bounceAddress), detail: clip(reply.line), ...common };
}

/** Report fields (`Name: value`, folded lines joined), the first of each name. */
function reportFields(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  const wanted = /^(Feedback-Type|Original-Rcpt-To|Removal-Recipient|Status|Action|Diagnostic-Code|Final-Recipient|Original-Recipient):[ \t]*(.*(?:\r?\n[ \t]+.*)*)/gim;
  for (const match of text.matchAll(wanted)) {
    const name = match[1]!.toLowerCase();
    if (!fields.has(name)) fields.set(name, match[2]!.replace(/\r?\n[ \t]+/g, " ").trim());
  }
  return fields;
}

/** The Message-ID quoted inside the report (the returned message or its headers), not the report's own. */
function quotedMessageId(source: string, ownId: string | undefined): string | null {
  for (const match of source.matchAll(/^Message-ID:[ \t]*(<[^>\s]+>)/gim)) {
    if (match[1] !== ownId) return match[1]!;
  }
  return null;
}

function addressIn(value: string | undefined): string | null {
  const address = value?.match(/[^\s<>;:"]+@[^\s<>;"]+[^\s<>;".]/)?.[0];
  return address ? address.toLowerCase() : null;
}

function firstForeignAddress(text: string, bounceAddress: string | undefined): string | null {
  const domain = bounceAddress?.slice(bounceAddress.lastIndexOf("@") + 1).toLowerCase();
  for (const match of text.matchAll(/[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g)) {
    const address = match[0].toLowerCase();
    if ((!domain || !address.endsWith(`@${domain}`)) && !/^(mailer-daemon|postmaster)@/.test(address)) return address;
  }
  return null;
}

function replyLine(text: string): { line: string; permanent: boolean } | null {
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const enhanced = line.match(/\b([45])\.\d{1,3}\.\d{1,3}\b/);
    if (enhanced) return { line: line.trim(), permanent: enhanced[1] === "5" };
  }
  for (const line of lines) {
    const basic = line.match(/\b(5[0-5]\d|4[2-5]\d)[ -]/);
    if (basic) return { line: line.trim(), permanent: basic[1]!.startsWith("5") };
  }
  return null;
}

function looksLikeBounce(subject: string, from: string): boolean {
  return /mailer-daemon|postmaster|mail delivery/i.test(from) || /undeliver|failure|delivery status|returned mail|not delivered|delayed/i.test(subject);
}

function clip(text: string): string {
  return text.length > MAX_DETAIL ? `${text.slice(0, MAX_DETAIL - 1)}…` : text;
}
