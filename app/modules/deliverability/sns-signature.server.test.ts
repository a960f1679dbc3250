import { describe, expect, it } from "vitest";
import { isTrustedCertificateUrl, isTrustedSnsUrl, snsStringToSign } from "./sns-signature.server";

describe("SNS message signatures", () => {
  it("fetches signing certificates only over https from SNS hosts of amazonaws.com (or the tests' prefix)", () => {
    const real = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-6aad65c2f9911b05cd53efda11f913f9.pem";
    expect(isTrustedCertificateUrl(real)).toBe(true);
    expect(isTrustedCertificateUrl(real.replace("https:", "http:"))).toBe(false);
    expect(isTrustedCertificateUrl(real.replace("amazonaws.com", "amazonaws.com.evil.example"))).toBe(false);
    expect(isTrustedCertificateUrl("https://evil.example/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl(`${real}?x=1`)).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.eu-west-1.amazonaws.com/other.pem")).toBe(false);
    expect(isTrustedCertificateUrl("http://127.0.0.1:9/cert.pem", "http://127.0.0.1:9/")).toBe(true);
    expect(isTrustedSnsUrl("https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=t")).toBe(true);
    expect(isTrustedSnsUrl("https://user@sns.us-east-1.amazonaws.com/")).toBe(false);
  });

  it("builds the string SNS signs, Subject only when present", () => {
    const base = { MessageId: "m", TopicArn: "arn", Message: "hi", Timestamp: "t", SignatureVersion: "2", Signature: "", SigningCertURL: "" };
    expect(snsStringToSign({ ...base, Type: "Notification" })).toBe("Message\nhi\nMessageId\nm\nTimestamp\nt\nTopicArn\narn\nType\nNotification\n");
    expect(snsStringToSign({ ...base, Type: "Notification", Subject: "s" })).toContain("MessageId\nm\nSubject\ns\nTimestamp");
    expect(snsStringToSign({ ...base, Type: "Other" })).toBeNull();
  });
});
