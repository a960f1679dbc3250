import { describe, expect, it } from "vitest";
// mailauth ships no types; its DKIM verifier takes the raw message and a DNS resolver.
// @ts-expect-error -- untyped CommonJS module
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import { createMailTransport } from "#app/modules/messaging/mail-transport.server";
import { SmtpSink } from "#tests/support/smtp-sink";
import { bounceStatus, dkimStatus } from "./deliverability-status.server";
import { dkimDnsRecord, dkimSettingsFrom, generateDkimKeyPair } from "./dkim.server";

type Verification = { results: Array<{ status: { result: string }; signingDomain: string; selector: string }> };

/** DKIM: a message signed by our transport and received over real SMTP verifies with the published key (mailauth). */
describe("DKIM signing", () => {
  it("signs every message so that it verifies against the DNS record we tell staff to publish", async () => {
    const { privateKey } = generateDkimKeyPair();
    const settings = dkimSettingsFrom({ DKIM_DOMAIN: "example.org", DKIM_SELECTOR: "harmonia", DKIM_PRIVATE_KEY: privateKey })!;
    const record = dkimDnsRecord(settings);
    expect(record.name).toBe("harmonia._domainkey.example.org");
    expect(record.value).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/=]+$/);

    const sink = await SmtpSink.onFreePort();
    await sink.start();
    const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@example.org>", mailboxUrl: "", dkim: settings });
    try {
      await mail.send({
        id: "0b6c1f0e-8d7a-4c1e-9a3e-2f1d5c7b9e01",
        channel: "email",
        kind: "test",
        recipient: "ada@recipient.example",
        subject: "Signed",
        bodyText: "Hello",
        bodyHtml: "<p>Hello</p>",
        meta: {},
        idempotencyKey: "dkim-test",
      } as never);
    } finally {
      mail.close();
      await sink.stop();
    }
    const raw = sink.received[0]!.raw;
    expect(raw).toMatch(/^DKIM-Signature: /m);
    const resolver = async (name: string, type: string) => {
      if (name === record.name && type === "TXT") return [[record.value]];
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    const verified = (await dkimVerify(Buffer.from(raw), { resolver })) as Verification;
    expect(verified.results.map((result) => [result.status.result, result.signingDomain, result.selector])).toEqual([["pass", "example.org", "harmonia"]]);

    const tampered = (await dkimVerify(Buffer.from(raw.replace("Subject: Signed", "Subject: Changed")), { resolver })) as Verification;
    expect(tampered.results[0]!.status.result).toBe("fail");
  });

  it("reads the key from a PEM or refuses what is not one", () => {
    expect(dkimSettingsFrom({ DKIM_DOMAIN: "example.org", DKIM_SELECTOR: "s1" })).toBeNull();
    expect(() => dkimSettingsFrom({ DKIM_DOMAIN: "example.org", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----" })).toThrow(
      /not a PEM private key/,
    );
    expect(() => dkimSettingsFrom({ DKIM_DOMAIN: "example.org", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: "/nonexistent/key.pem" })).toThrow(/cannot read the key file/);
  });

  it("tells the setup page whether DKIM is set, the record to publish, and when From's domain is another", () => {
    const { privateKey } = generateDkimKeyPair();
    const env = { MAIL_FROM: "Harmonia <hello@example.org>", DKIM_DOMAIN: "example.org", DKIM_SELECTOR: "s1", DKIM_PRIVATE_KEY: privateKey };
    expect(dkimStatus({ MAIL_FROM: env.MAIL_FROM })).toMatchObject({ id: "dkim", state: "not-configured" });
    expect(dkimStatus({ MAIL_FROM: env.MAIL_FROM, DKIM_DOMAIN: "example.org" })).toMatchObject({ state: "problem", summary: expect.stringMatching(/partly configured/) });
    const ok = dkimStatus(env);
    expect(ok).toMatchObject({ state: "ok", summary: "Every message is signed for example.org (selector s1)" });
    expect(ok.details).toContainEqual({ label: "DNS TXT record name", value: "s1._domainkey.example.org" });
    expect(dkimStatus({ ...env, MAIL_FROM: "Harmonia <hello@other.example>" })).toMatchObject({
      state: "problem",
      summary: "From's domain (other.example) differs from the DKIM domain (example.org): receivers will not count the signature for DMARC",
    });
  });

  it("tells the setup page what hears bounces, or that nothing does and what to set", () => {
    const none = bounceStatus({});
    expect(none).toMatchObject({ id: "bounces", state: "not-configured", summary: "Not configured: bounces are not detected." });
    expect(none.details?.[0]?.value).toMatch(/BOUNCE_MAILBOX_URL.*MAIL_EVENTS_SECRET.*POSTMARK_WEBHOOK_USER.*SES_SNS_TOPIC_ARN/);
    expect(bounceStatus({ POSTMARK_WEBHOOK_USER: "pm" })).toMatchObject({ state: "problem", summary: expect.stringMatching(/^Not configured: bounces are not detected\. The Postmark webhook needs both/) });
    expect(bounceStatus({ MAIL_EVENTS_SECRET: "s".repeat(16) })).toMatchObject({ state: "ok", summary: "Heard by the signed generic webhook." });
    expect(bounceStatus({ BOUNCE_MAILBOX_URL: "imaps://u:p@mail.example.org/INBOX", POSTMARK_WEBHOOK_USER: "pm", POSTMARK_WEBHOOK_PASSWORD: "p".repeat(12), SES_SNS_TOPIC_ARN: "arn:aws:sns:us-east-1:123456789012:bounces" })).toMatchObject({
      state: "ok",
      summary: "Heard by the bounce mailbox, the Postmark webhook and the Amazon SES notifications.",
    });
  });
});
