import { describe, expect, it } from "vitest";
import { describeFailure, isPermanentFailure } from "./delivery-errors";

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
