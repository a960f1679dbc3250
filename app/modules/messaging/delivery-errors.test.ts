import { describe, expect, it } from "vitest";
import { describeFailure, enhancedStatusCode, failureFacts, isPermanentFailure } from "./delivery-errors";

// Shaped like nodemailer's errors: a code naming the stage, the SMTP reply code and text.
const smtpError = (code: string, responseCode: number | undefined, response?: string) =>
  Object.assign(new Error(response ?? code), { code, responseCode, response });

describe("isPermanentFailure", () => {
  it("is true for a 5xx refusal of the envelope or the content", () => {
    expect(isPermanentFailure(smtpError("EENVELOPE", 550, "550 5.1.1 No such user"))).toBe(true);
    expect(isPermanentFailure(smtpError("EMESSAGE", 554, "554 5.7.1 Message rejected"))).toBe(true);
  });

  it("is false for temporary refusals, throttling and connection trouble", () => {
    expect(isPermanentFailure(smtpError("EENVELOPE", 451, "451 4.7.1 Try again later"))).toBe(false);
    expect(isPermanentFailure(smtpError("EMESSAGE", 421, "421 Too many messages"))).toBe(false);
    expect(isPermanentFailure(smtpError("ECONNECTION", undefined, "connect ECONNREFUSED"))).toBe(false);
    expect(isPermanentFailure(smtpError("ETIMEDOUT", undefined))).toBe(false);
  });

  it("is false for a 5xx at login or greeting, which is the server's or the credentials' problem", () => {
    expect(isPermanentFailure(smtpError("EAUTH", 535, "535 5.7.8 Authentication failed"))).toBe(false);
    expect(isPermanentFailure(smtpError("ECONNECTION", 554, "554 No service"))).toBe(false);
  });
});

describe("describeFailure", () => {
  it("prefers the server's reply to the error's message", () => {
    expect(describeFailure(smtpError("EENVELOPE", 550, "550 5.1.1 No such user"))).toBe("550 5.1.1 No such user");
    expect(describeFailure(new Error("socket hang up"))).toBe("socket hang up");
  });
});

describe("failureFacts", () => {
  const withCommand = (error: Error, command: string, extra: Record<string, unknown> = {}) => Object.assign(error, { command, ...extra });

  it("tells the relay's refusals (connection, login, our sender) from a recipient's", () => {
    expect(failureFacts(withCommand(smtpError("ESOCKET", undefined, "connect ECONNREFUSED 127.0.0.1:25"), "CONN"))).toEqual({ stage: "connection" });
    expect(failureFacts(withCommand(smtpError("ETIMEDOUT", undefined), "CONN", { timeoutType: "GREETING_TIMEOUT" }))).toEqual({ stage: "connection" });
    expect(failureFacts(withCommand(smtpError("EAUTH", 535, "535 5.7.8 Authentication failed"), "AUTH PLAIN"))).toEqual({ stage: "login", replyCode: 535, enhancedCode: "5.7.8" });
    expect(failureFacts(withCommand(smtpError("EENVELOPE", 550, "550 5.7.1 Sender not allowed"), "MAIL FROM"))).toEqual({ stage: "sender", replyCode: 550, enhancedCode: "5.7.1" });
    expect(failureFacts(withCommand(smtpError("EENVELOPE", 451, "451 4.7.1 URGENT re-verify at https://phish.example/"), "RCPT TO"))).toEqual({ stage: "recipient", replyCode: 451, enhancedCode: "4.7.1" });
    expect(failureFacts(withCommand(smtpError("EMESSAGE", 554, "554 5.7.1 Message rejected"), "DATA"))).toEqual({ stage: "message", replyCode: 554, enhancedCode: "5.7.1" });
  });

  it("counts a timeout in the middle of a message, and anything it does not know, as the message's", () => {
    expect(failureFacts(withCommand(smtpError("ETIMEDOUT", undefined), "CONN", { timeoutType: "SOCKET_TIMEOUT" })).stage).toBe("unknown");
    expect(failureFacts(new TypeError("fetch failed")).stage).toBe("unknown");
    expect(failureFacts(undefined)).toEqual({ stage: "unknown" });
  });
});

describe("enhancedStatusCode", () => {
  it("reads the code at the start of a reply, single- or multi-line", () => {
    expect(enhancedStatusCode("451 4.7.1 Try again later")).toBe("4.7.1");
    expect(enhancedStatusCode("550-5.1.1 The email account that you tried to reach does not exist.")).toBe("5.1.1");
    expect(enhancedStatusCode("552 5.3.4")).toBe("5.3.4");
    expect(enhancedStatusCode("421 4.4.5 \r\nmore")).toBe("4.4.5");
    expect(enhancedStatusCode("554 5.123.456 policy")).toBe("5.123.456");
  });

  it("finds none where there is none, or where the text only looks like one", () => {
    for (const reply of ["451 Try again later", "451 3.7.1 no such class", "451 4.7.1x", "451 4.7.1234 long", "4.7.1 no reply code", "45 4.7.1", "451  4.7.1", "", "451 4..1"]) {
      expect(enhancedStatusCode(reply)).toBeUndefined();
    }
  });

  it("looks only at the start of an outsider's text, whatever its length", () => {
    expect(enhancedStatusCode(`451 4.7.1 ${"x".repeat(1_000_000)}`)).toBe("4.7.1");
    expect(enhancedStatusCode(`451 ${"4.".repeat(500_000)}`)).toBeUndefined();
    expect(enhancedStatusCode("9".repeat(1_000_000))).toBeUndefined();
  });
});
