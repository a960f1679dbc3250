import { readAtMost } from "#app/lib/read-at-most";
import { createVerify, X509Certificate } from "node:crypto";
import { orElse } from "#app/lib/or-else";

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
 * The AWS regions whose SNS hosts we believe (`sns.<region>.amazonaws.com`; `.amazonaws.com.cn` in
 * China). A name not listed here is refused, even under amazonaws.com: a host we would fetch from
 * must be one Amazon runs SNS on, not any name a forger can put in a URL (issue 34). A region AWS
 * opens later is a line here.
 */
export const SNS_REGIONS: ReadonlySet<string> = new Set([
  "us-east-1", "us-east-2", "us-west-1", "us-west-2",
  "af-south-1",
  "ap-east-1", "ap-east-2", "ap-south-1", "ap-south-2",
  "ap-southeast-1", "ap-southeast-2", "ap-southeast-3", "ap-southeast-4", "ap-southeast-5", "ap-southeast-6", "ap-southeast-7",
  "ap-northeast-1", "ap-northeast-2", "ap-northeast-3",
  "ca-central-1", "ca-west-1",
  "eu-central-1", "eu-central-2", "eu-west-1", "eu-west-2", "eu-west-3", "eu-south-1", "eu-south-2", "eu-north-1",
  "il-central-1", "me-south-1", "me-central-1", "mx-central-1", "sa-east-1",
  "cn-north-1", "cn-northwest-1",
  "us-gov-east-1", "us-gov-west-1",
]);

/** The regions of AWS China, whose hosts end in amazonaws.com.cn. */
const CHINA_REGIONS: ReadonlySet<string> = new Set(["cn-north-1", "cn-northwest-1"]);

/** Longer than any URL SNS sends; a longer one is refused before it is parsed. */
const MAX_SNS_URL_LENGTH = 2048;

/** `sns.<listed region>.amazonaws.com` (or `.com.cn` for China), by comparing strings: no regular expression. */
export function isSnsHost(hostname: string): boolean {
  if (!hostname.startsWith("sns.")) return false;
  const rest = hostname.slice("sns.".length);
  const dot = rest.indexOf(".");
  if (dot <= 0) return false;
  const region = rest.slice(0, dot);
  if (!SNS_REGIONS.has(region)) return false;
  return rest.slice(dot) === (CHINA_REGIONS.has(region) ? ".amazonaws.com.cn" : ".amazonaws.com");
}

/**
 * Where a signing certificate or subscription URL may point: https on the default port of an SNS
 * host of a listed region, with no user or password. Anything else is never fetched.
 */
export function isTrustedSnsUrl(value: string | undefined): boolean {
  if (!value || value.length > MAX_SNS_URL_LENGTH) return false;
  const url = URL.parse(value);
  return url !== null && url.protocol === "https:" && url.port === "" && url.username === "" && url.password === "" && isSnsHost(url.hostname);
}

const CERTIFICATE_PREFIX = "/SimpleNotificationService-";
const CERTIFICATE_SUFFIX = ".pem";

/** A signing certificate's address: a trusted SNS URL whose path is a certificate (`/SimpleNotificationService-<hex>.pem`), no query. */
export function isTrustedCertificateUrl(value: string): boolean {
  if (!isTrustedSnsUrl(value)) return false;
  const url = URL.parse(value)!;
  const path = url.pathname;
  if (url.search !== "" || url.hash !== "" || !path.startsWith(CERTIFICATE_PREFIX) || !path.endsWith(CERTIFICATE_SUFFIX)) return false;
  const name = path.slice(CERTIFICATE_PREFIX.length, path.length - CERTIFICATE_SUFFIX.length);
  if (name.length === 0) return false;
  for (const char of name) if (!((char >= "0" && char <= "9") || (char >= "a" && char <= "f"))) return false;
  return true;
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

/** A certificate, or why it could not be had: `temporary` when asking again later may succeed. */
export type CertificateOutcome = { pem: string } | { failure: string; temporary: boolean };

const certificates = new Map<string, Promise<string>>();
/** SNS signs with one certificate per region at a time: a few are plenty, and forged URLs cannot fill memory. */
const MAX_CERTIFICATES = 16;
/** A PEM certificate is a few KB; more is not one, and is not read. */
const MAX_CERTIFICATE_BYTES = 20_000;

/** A failed fetch, said in our words (the network's error code, the HTTP status), and whether it may pass. */
class CertificateFetchFailure extends Error {
  constructor(
    readonly reason: string,
    readonly temporary: boolean,
  ) {
    super(reason);
  }
}

/**
 * The certificate at a trusted URL (check it with `isTrustedCertificateUrl` first), fetched once per
 * process, 5 s at most. `apiBase` (SNS_API_BASE, tests only) is where requests for SNS's hosts go
 * instead, keeping the path: the URL is still checked as Amazon's. Never throws: a network error, a
 * timeout, an HTTP error or a body that is not a PEM certificate is a failure, temporary when
 * Amazon may answer next time (the network, a timeout, a 5xx), not when it said the certificate
 * is not there (a 4xx) or sent something else.
 */
export async function signingCertificate(url: string, options: { apiBase?: string } = {}): Promise<CertificateOutcome> {
  const target = options.apiBase ? new URL(URL.parse(url)!.pathname, options.apiBase).href : url;
  let certificate = certificates.get(target);
  if (!certificate) {
    if (certificates.size >= MAX_CERTIFICATES) certificates.delete(certificates.keys().next().value!);
    certificate = fetchCertificate(target);
    certificates.set(target, certificate);
    certificate.catch(() => certificates.delete(target));
  }
  return certificate.then(
    (pem) => ({ pem }),
    (error: unknown) => (error instanceof CertificateFetchFailure ? { failure: error.reason, temporary: error.temporary } : { failure: "could not be read", temporary: true }),
  );
}

async function fetchCertificate(target: string): Promise<string> {
  const response = await fetch(target, { signal: AbortSignal.timeout(5000), redirect: "error" }).catch((error: unknown) => {
    throw fetchFailure(error);
  });
  if (!response.ok) {
    await response.body?.cancel().catch(orElse(undefined, "the refused answer's body is dropped either way"));
    throw new CertificateFetchFailure(`HTTP ${response.status}`, response.status >= 500);
  }
  const text = await readTextAtMost(response, MAX_CERTIFICATE_BYTES).catch((error: unknown) => {
    throw fetchFailure(error);
  });
  if (text === null || !text.includes("-----BEGIN CERTIFICATE-----")) throw new CertificateFetchFailure("not a PEM certificate", false);
  return text;
}

/** The body as text, or null when it is longer than `maxBytes` (read no further). */
async function readTextAtMost(response: Response, maxBytes: number): Promise<string | null> {
  return (await readAtMost(response.body, maxBytes))?.toString("utf8") ?? null;
}

/**
 * What went wrong with the request itself. A host name that does not exist (ENOTFOUND) or a
 * redirect is not Amazon's certificate and will not become one; a refused connection, a reset, a
 * failed name lookup (EAI_AGAIN) or a timeout may pass.
 */
function fetchFailure(error: unknown): CertificateFetchFailure {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") return new CertificateFetchFailure("timed out after 5 s", true);
  const code = networkCode(error);
  if (code === "ENOTFOUND") return new CertificateFetchFailure("no such host", false);
  if (code) return new CertificateFetchFailure(`network error ${code}`, true);
  const cause = (error as { cause?: { message?: unknown } } | null)?.cause;
  if (typeof cause?.message === "string" && cause.message.includes("redirect")) return new CertificateFetchFailure("redirected", false);
  return new CertificateFetchFailure("network error", true);
}

/** The system error code (`ECONNREFUSED`) of a failed fetch, found in its cause. */
function networkCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code.length <= 32 && code.startsWith("E")) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
