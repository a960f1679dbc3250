import { describe, expect, it } from "vitest";
import { FAILING_DOMAINS_TO_ALERT, mailFailingDetail } from "./check-alerts.server";

describe("mailFailingDetail", () => {
  it("holds for the relay's first refusal, and for a recipient's only with enough domains", () => {
    const relay = { stages: [{ stage: "connection" as const, messages: 1, retrying: 1 }], recipientDomains: 0, commonest: [{ stage: "connection" as const, messages: 1 }] };
    expect(mailFailingDetail(relay)).toBe("Our mail relay refused or could not be reached for 1 transactional e-mail (could not connect: 1). No reply was received.");
    const recipients = (domains: number) => ({
      stages: [{ stage: "recipient" as const, messages: 12, retrying: 10 }],
      recipientDomains: domains,
      commonest: [{ stage: "recipient" as const, replyCode: 451, enhancedCode: "4.7.1", messages: 12 }],
    });
    expect(mailFailingDetail(recipients(FAILING_DOMAINS_TO_ALERT - 1))).toBeUndefined();
    expect(mailFailingDetail(recipients(FAILING_DOMAINS_TO_ALERT))).toBe(
      "12 transactional e-mails to 5 different recipient domains failed (10 waiting for another attempt, 2 given up in the last 60 minutes). Replies: 4xx 4.7.1 (12).",
    );
  });

  it("repeats only a well-formed enhanced code, never other text", () => {
    const detail = mailFailingDetail({
      stages: [{ stage: "sender", messages: 2, retrying: 0 }],
      recipientDomains: 0,
      commonest: [{ stage: "sender", replyCode: 554, enhancedCode: "5.7.1 see https://phish.example/", messages: 2 }],
    });
    expect(detail).toBe("Our mail relay refused or could not be reached for 2 transactional e-mails (our sender address refused: 2). Replies: 5xx (2).");
  });
});
