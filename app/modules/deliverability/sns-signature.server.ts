import { createVerify, X509Certificate } from "node:crypto";

/** An Amazon SNS message as posted to an HTTP(S) subscription. */
export interface SnsMessage {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
}

/** The fields SNS signs, in its order, by message type (AWS: "Verifying the signatures of Amazon SNS messages"). */
const SIGNED_FIELDS: Record<string, (keyof SnsMessage)[]> = {
  Notification: ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"],
  SubscriptionConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
  UnsubscribeConfirmation: ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"],
};

/**
 * Where a signing certificate or subscription URL may point: https on an SNS host of amazonaws.com
 * (`sns.<region>.amazonaws.com`, or .com.cn), or under the one extra prefix a test sets
 * (SNS_CERT_URL_PREFIX). Anything else is never fetched.
 */
export function isTrustedSnsUrl(value: string | undefined, extraPrefix?: string): boolean {
  if (!value) return false;
  if (extraPrefix && value.startsWith(extraPrefix)) return true;
  const url = URL.parse(value);
  return url !== null && url.protocol === "https:" && /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/.test(url.hostname) && url.port === "" && url.username === "";
}

/** A signing certificate's address: a trusted SNS URL whose path is a certificate (`/SimpleNotificationService-<hex>.pem`), no query. */
export function isTrustedCertificateUrl(value: string, extraPrefix?: string): boolean {
  if (extraPrefix && value.startsWith(extraPrefix)) return true;
  const url = URL.parse(value);
  return isTrustedSnsUrl(value) && url !== null && /^\/SimpleNotificationService-[0-9a-f]+\.pem$/.test(url.pathname) && url.search === "";
}

export function isSnsMessage(value: unknown): value is SnsMessage {
  if (typeof value !== "object" || value === null) return false;
  const message = value as Record<string, unknown>;
  return ["Type", "MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"].every((key) => typeof message[key] === "string");
}

/** The text SNS signed: each present signed field's name and value, one per line. */
export function snsStringToSign(message: SnsMessage): string | null {
  const fields = SIGNED_FIELDS[message.Type];
  if (!fields) return null;
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join("");
}

/** Whether `certificatePem` (the SigningCertURL's) signed the message: version 1 is SHA1withRSA, 2 is SHA256withRSA. */
export function isSignedBy(message: SnsMessage, certificatePem: string): boolean {
  const text = snsStringToSign(message);
  const algorithm = message.SignatureVersion === "1" ? "RSA-SHA1" : message.SignatureVersion === "2" ? "RSA-SHA256" : null;
  if (!text || !algorithm) return false;
  try {
    const certificate = new X509Certificate(certificatePem);
    return createVerify(algorithm).update(text, "utf8").verify(certificate.publicKey, message.Signature, "base64");
  } catch {
    return false;
  }
}

const certificates = new Map<string, Promise<string>>();
/** SNS signs with one certificate per region at a time: a few are plenty, and forged URLs cannot fill memory. */
const MAX_CERTIFICATES = 16;

/** The certificate at a trusted URL, fetched once per process (a few KB, 5 s at most). */
export function signingCertificate(url: string): Promise<string> {
  let certificate = certificates.get(url);
  if (!certificate) {
    if (certificates.size >= MAX_CERTIFICATES) certificates.delete(certificates.keys().next().value!);
    certificate = fetch(url, { signal: AbortSignal.timeout(5000), redirect: "error" }).then(async (response) => {
      if (!response.ok) throw new Error(`SNS signing certificate: HTTP ${response.status}`);
      const text = await response.text();
      if (text.length > 20_000 || !text.includes("-----BEGIN CERTIFICATE-----")) throw new Error("SNS signing certificate: not a PEM certificate");
      return text;
    });
    certificates.set(url, certificate);
    certificate.catch(() => certificates.delete(url));
  }
  return certificate;
}
