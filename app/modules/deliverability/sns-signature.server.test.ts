import { describe, expect, it } from "vitest";
import { isSnsHost, isTrustedCertificateUrl, isTrustedSnsUrl, snsStringToSign } from "./sns-signature.server";

describe("SNS message signatures", () => {
  it("fetches signing certificates only over https from SNS hosts of the listed AWS regions", () => {
    const real = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-6aad65c2f9911b05cd53efda11f913f9.pem";
    expect(isTrustedCertificateUrl(real)).toBe(true);
    expect(isTrustedCertificateUrl(real.replace("eu-west-1", "us-gov-west-1"))).toBe(true);
    expect(isTrustedCertificateUrl(real.replace("eu-west-1.amazonaws.com", "cn-north-1.amazonaws.com.cn"))).toBe(true);
    expect(isTrustedCertificateUrl(real.replace("https:", "http:"))).toBe(false);
    expect(isTrustedCertificateUrl(real.replace("amazonaws.com", "amazonaws.com.evil.example"))).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.evil-1.amazonaws.com/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.s3.amazonaws.com/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.amazonaws.com/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.eu-west-1.evil.amazonaws.com/SimpleNotificationService-1.pem")).toBe(false);
    // China's hosts only for China's regions, and the other way round.
    expect(isTrustedCertificateUrl(real.replace("amazonaws.com", "amazonaws.com.cn"))).toBe(false);
    expect(isTrustedCertificateUrl(real.replace("eu-west-1", "cn-north-1"))).toBe(false);
    expect(isTrustedCertificateUrl(real.replace("amazonaws.com", "amazonaws.com."))).toBe(false);
    expect(isTrustedCertificateUrl(real.replace("amazonaws.com", "amazonaws.com:8443"))).toBe(false);
    expect(isTrustedCertificateUrl("https://evil.example/SimpleNotificationService-1.pem")).toBe(false);
    expect(isTrustedCertificateUrl(`${real}?x=1`)).toBe(false);
    expect(isTrustedCertificateUrl(`${real}#x`)).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.eu-west-1.amazonaws.com/other.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-.pem")).toBe(false);
    expect(isTrustedCertificateUrl("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-1.pem/x")).toBe(false);
    expect(isTrustedCertificateUrl(`https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-${"a".repeat(5000)}.pem`)).toBe(false);
    expect(isTrustedCertificateUrl("http://127.0.0.1:9/cert.pem")).toBe(false);
    expect(isTrustedSnsUrl("https://sns.us-east-1.amazonaws.com/?Action=ConfirmSubscription&Token=t")).toBe(true);
    expect(isTrustedSnsUrl("https://user@sns.us-east-1.amazonaws.com/")).toBe(false);
    expect(isTrustedSnsUrl(undefined)).toBe(false);
  });

  it("reads an SNS host by comparing strings, whatever its length", () => {
    expect(isSnsHost("sns.ap-southeast-7.amazonaws.com")).toBe(true);
    expect(isSnsHost(`sns.${"a-".repeat(500_000)}1.amazonaws.com`)).toBe(false);
    expect(isSnsHost(`sns.us-east-1${".amazonaws.com".repeat(100_000)}`)).toBe(false);
  });

  it("builds the string SNS signs, Subject only when present", () => {
    const base = { MessageId: "m", TopicArn: "arn", Message: "hi", Timestamp: "t", SignatureVersion: "2", Signature: "", SigningCertURL: "" };
    expect(snsStringToSign({ ...base, Type: "Notification" })).toBe("Message\nhi\nMessageId\nm\nTimestamp\nt\nTopicArn\narn\nType\nNotification\n");
    expect(snsStringToSign({ ...base, Type: "Notification", Subject: "s" })).toContain("MessageId\nm\nSubject\ns\nTimestamp");
    expect(snsStringToSign({ ...base, Type: "Other" })).toBeNull();
  });
});
