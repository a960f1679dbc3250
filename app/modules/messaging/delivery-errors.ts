/**
 * Whether a failed send will never succeed: the server refused this message with a 5xx reply to its
 * envelope (unknown mailbox) or its content. Everything else is temporary and retried with
 * back-off, never dropped: a 4xx "try again later", throttling, a refused or dropped connection, a
 * timeout, and also a 5xx at greeting or login (EAUTH, ECONNECTION), since a server or credentials
 * problem is not the message's fault and would otherwise fail every message at once.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { responseCode, code, permanent } = (error ?? {}) as { responseCode?: unknown; code?: unknown; permanent?: unknown };
  // A transport that knows its provider's answers (Twilio's) says so itself.
  if (permanent === true) return true;
  const refusedMessage = code === "EENVELOPE" || code === "EMESSAGE";
  return refusedMessage && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/** What to record as the last error: the server's own reply when there was one. */
export function describeFailure(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response === "string" && response) return response;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Where a failed attempt stopped, in our words. The first three are the **relay's** (our SMTP server
 * refused us or could not be reached: every message fails alike, and no recipient chose it, since
 * it answers before any recipient is named); the others are **this message's** (its recipient or
 * content was refused, which a recipient's own server may decide and word as it likes).
 */
export type FailureStage = "connection" | "login" | "sender" | "recipient" | "message" | "rendering" | "unknown";

export const RELAY_STAGES: readonly FailureStage[] = ["connection", "login", "sender"];

/** What the outbox keeps of a failed attempt besides the server's words, and the alerts read. */
export interface FailureFacts {
  stage: FailureStage;
  /** The SMTP reply's three-digit code (451), when there was a reply. */
  replyCode?: number;
  /** The reply's enhanced status code (RFC 3463: `4.7.1`), when it starts with one. */
  enhancedCode?: string;
}

// nodemailer's codes for a connection that failed or broke, before or between messages.
const CONNECTION_CODES = new Set(["ECONNECTION", "ESOCKET", "EDNS", "ETLS", "EPROXY", "EPROTOCOL"]);
const LOGIN_CODES = new Set(["EAUTH", "ENOAUTH", "EOAUTH2"]);
// A timeout while connecting, waiting for the greeting or starting TLS is the relay's; one in the
// middle of a message (SOCKET_TIMEOUT) may be a slow check of the recipient, so it is the message's.
const CONNECTION_TIMEOUTS = new Set(["CONNECT_TIMEOUT", "GREETING_TIMEOUT", "UPGRADE_TIMEOUT"]);

/** The stage and codes of a failed send (nodemailer's `code`, `command`, `responseCode`, `response`). */
export function failureFacts(error: unknown): FailureFacts {
  const { code, command, responseCode, response, timeoutType } = (error ?? {}) as Record<string, unknown>;
  const replyCode = typeof responseCode === "number" && Number.isInteger(responseCode) && responseCode >= 200 && responseCode < 600 ? responseCode : undefined;
  const enhancedCode = typeof response === "string" ? enhancedStatusCode(response) : undefined;
  return { stage: stageOf(code, command, timeoutType), ...(replyCode ? { replyCode } : {}), ...(enhancedCode ? { enhancedCode } : {}) };
}

function stageOf(code: unknown, command: unknown, timeoutType: unknown): FailureStage {
  if (typeof code !== "string") return "unknown";
  if (CONNECTION_CODES.has(code)) return "connection";
  if (LOGIN_CODES.has(code)) return "login";
  if (code === "ETIMEDOUT") return typeof timeoutType === "string" && CONNECTION_TIMEOUTS.has(timeoutType) ? "connection" : "unknown";
  if (code === "EENVELOPE") return command === "MAIL FROM" ? "sender" : command === "DATA" ? "message" : "recipient";
  if (code === "EMESSAGE") return "message";
  return "unknown";
}

/** A reply's enhanced code is near its start: `451 4.7.1 …` or `451-4.7.1 …`. */
const ENHANCED_CODE_WINDOW = 16;

/**
 * The enhanced status code at the start of an SMTP reply (`451 4.7.1 Try later` → `4.7.1`), read
 * with a scan of its first few characters (the reply is an outsider's text: no regular expression,
 * nothing beyond the window is looked at). Class 2, 4 or 5, then two numbers of 1 to 3 digits.
 */
export function enhancedStatusCode(reply: string): string | undefined {
  const head = reply.slice(0, ENHANCED_CODE_WINDOW);
  let at = 0;
  while (at < 3 && isDigit(head.charCodeAt(at))) at++;
  if (at !== 3 || (head[3] !== " " && head[3] !== "-")) return undefined;
  at = 4;
  const statusClass = head[at];
  if (statusClass !== "2" && statusClass !== "4" && statusClass !== "5") return undefined;
  at++;
  const parts = [statusClass];
  for (let part = 0; part < 2; part++) {
    if (head[at] !== ".") return undefined;
    at++;
    const start = at;
    while (at < head.length && at - start < 4 && isDigit(head.charCodeAt(at))) at++;
    if (at === start || at - start > 3) return undefined;
    parts.push(head.slice(start, at));
  }
  // `4.7.1x` is not a code; the code ends the reply or a word.
  if (at < head.length && head[at] !== " " && head[at] !== "\r" && head[at] !== "\n") return undefined;
  return parts.join(".");
}

function isDigit(charCode: number): boolean {
  return charCode >= 48 && charCode <= 57;
}
