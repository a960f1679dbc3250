import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { projectRoot } from "~/lib/project-root.server";
import { parseBounceReport } from "./parse-bounce-report.server";
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
  it("reads an RFC 3464 failure (5.x.x) as a hard bounce with its recipient, token and quoted Message-ID", async () => {
    const report = await parseBounceReport(fixture("rfc3464-hard.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({
      kind: "hard",
      recipient: "ada@recipient.example",
      tokens: [TOKEN],
      originalMessageId: "<abc123@example.org>",
      eventKey: "mailbox:<b1.RAA14128@CS.UTK.EDU>",
    });
    expect(report.kind !== "none" && report.detail).toContain("5.1.1");
  });

  it("reads a delayed report (4.x.x) as a soft bounce", async () => {
    const report = await parseBounceReport(fixture("rfc3464-soft.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({ kind: "soft", recipient: "ada@recipient.example", tokens: [TOKEN] });
    expect(report.kind !== "none" && report.detail).toContain("4.2.2 452 4.2.2 Mailbox full");
  });

  it("reads an RFC 5965 feedback report as a complaint about the original recipient", async () => {
    const report = await parseBounceReport(fixture("rfc5965-complaint.eml"), BOUNCE_ADDRESS);
    expect(report).toMatchObject({ kind: "complaint", recipient: "ada@recipient.example", tokens: [TOKEN], originalMessageId: "<abc123@example.org>" });
  });

  it("reads the common plain-text bounces by their SMTP reply", async () => {
    const qmail = await parseBounceReport(fixture("qmail-text-hard.eml"), BOUNCE_ADDRESS);
    expect(qmail).toMatchObject({ kind: "hard", recipient: "ada@recipient.example", tokens: [TOKEN] });
    const exchange = await parseBounceReport(fixture("exchange-text-hard-no-verp.eml"), BOUNCE_ADDRESS);
    expect(exchange).toMatchObject({ kind: "hard", recipient: "ada@recipient.example", tokens: [], originalMessageId: "<abc123@example.org>" });
    expect(exchange.kind !== "none" && exchange.detail).toContain("550 5.1.10");
  });

  it("ignores what is not a bounce: a success report, an ordinary reply", async () => {
    const delivered = fixture("rfc3464-hard.eml").replace("Action: failed", "Action: delivered").replace("Status: 5.1.1", "Status: 2.0.0");
    expect((await parseBounceReport(delivered, BOUNCE_ADDRESS)).kind).toBe("none");
    const reply = "From: ada@recipient.example\r\nTo: bounces@example.org\r\nSubject: Re: New music\r\nMessage-ID: <r@x>\r\n\r\nLovely, see you at 550 Main St.\r\n";
    expect((await parseBounceReport(reply, BOUNCE_ADDRESS)).kind).toBe("none");
  });
});
