import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "#app/lib/project-root.server";
import { enhancedStatusIn, parseBounceReport } from "./parse-bounce-report.server";
import { envelopeSender, messageIdFromToken, messageToken, tokensIn } from "./verp";

const BOUNCE_ADDRESS = "bounces@example.org";
const MESSAGE = "0b6c1f0e-8d7a-4c1e-9a3e-2f1d5c7b9e01";
const TOKEN = messageToken(MESSAGE);

function fixture(name: string, values: Record<string, string> = {}): string {
  const text = readFileSync(path.join(projectRoot(), "tests", "fixtures", "bounces", name), "utf8");
  const filled = { TOKEN, RECIPIENT: "ada@recipient.example", MESSAGE_ID: "<abc123@example.org>", BOUNCE_ID: "b1", ...values };
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => filled[key as keyof typeof filled] ?? "").replace(/\r?\n/g, "\r\n");
}

describe("VERP addresses", () => {
  it("names the message in the envelope sender and reads it back", () => {
    expect(envelopeSender(BOUNCE_ADDRESS, MESSAGE)).toBe(`bounces+${TOKEN}@example.org`);
    expect(messageIdFromToken(TOKEN)).toBe(MESSAGE);
    expect(messageIdFromToken("not-a-token")).toBeNull();
    expect(tokensIn(`To: <BOUNCES+${TOKEN.toUpperCase()}@Example.org>\nFrom: bounces+zz@example.org`, BOUNCE_ADDRESS)).toEqual([TOKEN]);
  });
});

describe("reading bounce and complaint reports", () => {
  it("reads an RFC 3464 failure (5.x.x) as a hard bounce with its recipient, token and quoted Message-ID", () => {
    const report = parseBounceReport(fixture("rfc3464-hard.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({
      kind: "hard",
      namedRecipient: "ada@recipient.example",
      tokens: [TOKEN],
      originalMessageId: "<abc123@example.org>",
      eventKey: "mailbox:<b1.RAA14128@CS.UTK.EDU>",
    });
    expect(report.kind !== "none" && report.detail).toContain("5.1.1");
  });

  it("reads a delayed report (4.x.x) as a soft bounce", () => {
    const report = parseBounceReport(fixture("rfc3464-soft.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({ kind: "soft", namedRecipient: "ada@recipient.example", tokens: [TOKEN] });
    expect(report.kind !== "none" && report.detail).toContain("4.2.2 452 4.2.2 Mailbox full");
  });

  it("reads an RFC 5965 feedback report as a complaint about the original recipient", () => {
    const report = parseBounceReport(fixture("rfc5965-complaint.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({ kind: "complaint", namedRecipient: "ada@recipient.example", tokens: [TOKEN], originalMessageId: "<abc123@example.org>" });
  });

  it("reads the common plain-text bounces by their SMTP reply", () => {
    const qmail = parseBounceReport(fixture("qmail-text-hard.eml"), BOUNCE_ADDRESS);
    expect(qmail).toMatchObject({ kind: "hard", tokens: [TOKEN], originalMessageId: "<abc123@example.org>" });
    const exchange = parseBounceReport(fixture("exchange-text-hard-no-verp.eml"), BOUNCE_ADDRESS);
    expect(exchange).toMatchObject({ kind: "hard", tokens: [], originalMessageId: "<abc123@example.org>" });
    expect(exchange.kind !== "none" && exchange.detail).toContain("550 5.1.10");
  });

  it("ignores what is not a bounce: a success report, an ordinary reply", () => {
    const delivered = fixture("rfc3464-hard.eml").replace("Action: failed", "Action: delivered").replace("Status: 5.1.1", "Status: 2.0.0");
    expect((parseBounceReport(delivered, BOUNCE_ADDRESS)).kind).toBe("none");
    const reply = "From: ada@recipient.example\r\nTo: bounces@example.org\r\nSubject: Re: New music\r\nMessage-ID: <r@x>\r\n\r\nLovely, see you at 550 Main St.\r\n";
    expect((parseBounceReport(reply, BOUNCE_ADDRESS)).kind).toBe("none");
  });
});

describe("what a report is believed for (docs/decisions/051)", () => {
  const plain = (body: string, subject = "Hello") =>
    `From: someone@attacker.example\r\nTo: bounces@example.org\r\nSubject: ${subject}\r\nMessage-ID: <f@attacker.example>\r\n\r\n${body}\r\n`;

  it("reads no complaint from report fields in a plain message: ARF fields count only in a message/feedback-report part", () => {
    const forged = parseBounceReport(plain("Feedback-Type: abuse\r\nOriginal-Rcpt-To: victim@example.com"), BOUNCE_ADDRESS);
    expect(forged.kind).toBe("none");
  });

  it("reads DSN fields only from a message/delivery-status part; a plain-text bounce names nobody and carries no token of ours", () => {
    const forged = parseBounceReport(
      plain("Action: failed\r\nStatus: 5.1.1\r\nFinal-Recipient: rfc822; victim2@example.com", "Undelivered Mail Returned to Sender"),
      BOUNCE_ADDRESS,
    );
    expect(forged).toMatchObject({ kind: "hard", namedRecipient: null, tokens: [], originalMessageId: null, sender: "someone@attacker.example" });
  });

  it("takes the returned Message-ID from the returned headers, never the report's own or one in the report's text", () => {
    const report = parseBounceReport(
      fixture("rfc3464-hard.eml").replace("Message-ID: <abc123@example.org>", "X-Nothing: here").replace("The original message", "Message-ID: <victim@example.org>\r\nThe original message"),
      BOUNCE_ADDRESS,
    );
    expect(report).toMatchObject({ kind: "hard", originalMessageId: null });
  });

  it("reads enhanced status codes with linear code", () => {
    expect(enhancedStatusIn("smtp; 550 5.1.1 <a@b> unknown")).toBe("5.1.1");
    expect(enhancedStatusIn("4.7.1")).toBe("4.7.1");
    expect(enhancedStatusIn("version 15.1.2.3 then 4.2.2")).toBe("4.2.2");
    expect(enhancedStatusIn("no code here 5.1")).toBeNull();
  });
});

/**
 * Messages shaped to make a parser work hard. Each must be read to the right answer; that each is
 * read in well under a second is measured by npm run bench:bounces, which mixes them into its mail.
 */
describe("hostile messages", () => {
  const big = "x".repeat(60_000);
  const dsn = (field: string) =>
    fixture("rfc3464-hard.eml").replace("Final-Recipient: rfc822;ada@recipient.example", `Final-Recipient: rfc822;${field}`);

  it("a 60,000-character Original-Rcpt-To, Final-Recipient or header is capped and read", () => {
    const complaint = parseBounceReport(fixture("rfc5965-complaint.eml", { RECIPIENT: big }), BOUNCE_ADDRESS);
    expect(complaint).toMatchObject({ kind: "complaint", namedRecipient: null, tokens: [TOKEN] });
    const bounce = parseBounceReport(dsn(`${"a@".repeat(30_000)}`), BOUNCE_ADDRESS);
    expect(bounce).toMatchObject({ kind: "hard", tokens: [TOKEN] });
    const header = parseBounceReport(`X-Long: ${"<".repeat(60_000)}\r\n${fixture("rfc3464-hard.eml")}`, BOUNCE_ADDRESS);
    expect(header.kind).toBe("hard");
  });

  it("a 1 MB body is read only as far as its first 256 KB", () => {
    const body = `${"5".repeat(998)}\r\n`.repeat(1100);
    const report = parseBounceReport(`From: MAILER-DAEMON@x.example\r\nSubject: failure notice\r\nTo: bounces+${TOKEN}@example.org\r\n\r\n${body}`, BOUNCE_ADDRESS);
    expect(report.kind).toBe("none");
    const oneLine = parseBounceReport(`From: a@b.example\r\nSubject: x\r\n\r\n${"@.".repeat(600_000)}`, BOUNCE_ADDRESS);
    expect(oneLine.kind).toBe("none");
  });

  it("deeply nested and very many MIME parts stop at the caps", () => {
    let nested = "From: MAILER-DAEMON@x.example\r\nSubject: Undelivered\r\n";
    for (let depth = 0; depth < 5000; depth++) nested += `Content-Type: multipart/mixed; boundary="b${depth}"\r\n\r\n--b${depth}\r\n`;
    nested += "Content-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; x\r\n\r\nAction: failed\r\nStatus: 5.1.1\r\n";
    expect(parseBounceReport(nested, BOUNCE_ADDRESS).kind).toBe("none");
    let many = "From: MAILER-DAEMON@x.example\r\nSubject: Undelivered\r\nContent-Type: multipart/report; boundary=b\r\n\r\n";
    for (let part = 0; part < 20_000; part++) many += "--b\r\nContent-Type: text/rfc822-headers\r\n\r\nMessage-ID: <x@y>\r\n";
    expect(parseBounceReport(many, BOUNCE_ADDRESS).kind).toBe("none");
  });

  it("boundaries, parameters and quoted-printable built to be slow are read in one pass", () => {
    const boundary = `"${"\\".repeat(30_000)}"`;
    const report = parseBounceReport(`From: a@b.example\r\nContent-Type: multipart/report; boundary=${boundary}; ${"x=y;".repeat(10_000)}\r\n\r\n${"=".repeat(200_000)}`, BOUNCE_ADDRESS);
    expect(report.kind).toBe("none");
    const tokens = tokensIn(`bounces+${"a".repeat(31)}`.repeat(8_000), BOUNCE_ADDRESS);
    expect(tokens).toEqual([]);
  });
});
