import { execFileSync } from "node:child_process";
import { createSign } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "#app/lib/db.server";
import { receiveMailEvent, type MailEventSettings } from "#app/modules/deliverability/mail-events.server";
import { freePort } from "#tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:harmonia-ses";

/**
 * The SES webhook's signing certificate (issue 34): fetched only from an https SNS host of a listed
 * AWS region; a fetch that fails is the webhook's error in the log with a clear answer (503 when
 * SNS should send it again, 403 when the certificate is not there), never "the database is
 * unavailable". SNS's hosts are reached at local servers through SNS_API_BASE, as the composition
 * root passes it: a server that serves the certificate, one that answers 500, 404 or no PEM, and a
 * port where nothing listens.
 */
describe("the SES webhook's signing certificate", () => {
  let database: TestDatabase;
  let certDir: string;
  let snsKey: string;
  let certificate: string;
  const servers: Server[] = [];
  const requests: string[] = [];

  /** A local server answering every request with `status` and `body`, counting what it is asked. */
  async function snsStandIn(status: number, body: () => string): Promise<string> {
    const port = await freePort();
    const server = createServer((request, response) => {
      requests.push(`${port}${request.url}`);
      response.statusCode = status;
      response.end(body());
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
    return `http://127.0.0.1:${port}/`;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    certDir = mkdtempSync(path.join(tmpdir(), "harmonia-sns-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${certDir}/key.pem`, "-out", `${certDir}/cert.pem`, "-subj", "/CN=sns.amazonaws.com", "-days", "1"], { stdio: "ignore" });
    snsKey = readFileSync(`${certDir}/key.pem`, "utf8");
    certificate = readFileSync(`${certDir}/cert.pem`, "utf8");
  }, 60_000);
  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await database?.dispose();
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  const settings = (apiBase: string): MailEventSettings => ({ SES_SNS_TOPIC_ARN: TOPIC, SNS_API_BASE: apiBase, BOUNCE_SOFT_LIMIT: 3 });
  let notificationNumber = 0;
  /** A bounce notification signed with our stand-in key, its certificate at `certUrl`. */
  const bounce = (certUrl: string, email = "listener@recipient.example") => {
    notificationNumber += 1;
    const message: Record<string, string> = {
      Type: "Notification",
      MessageId: `m-cert-${notificationNumber}`,
      TopicArn: TOPIC,
      Timestamp: new Date().toISOString(),
      Message: JSON.stringify({ notificationType: "Bounce", bounce: { bounceType: "Permanent", bouncedRecipients: [{ emailAddress: email, status: "5.1.1" }] }, mail: {} }),
    };
    const text = ["Message", "MessageId", "Timestamp", "TopicArn", "Type"].map((field) => `${field}\n${message[field]}\n`).join("");
    return JSON.stringify({ ...message, SignatureVersion: "2", SigningCertURL: certUrl, Signature: createSign("RSA-SHA256").update(text).sign(snsKey, "base64") });
  };
  const post = (apiBase: string, body: string) => receiveMailEvent(database.handle.db, settings(apiBase), { provider: "ses", body, headers: {} });
  const bounceEvents = async () => (await queryRows<{ count: number }>(database.handle.db, sql`select count(*)::int as count from bounce_events`))[0]!.count;
  /** What the server logs while `work` runs. */
  async function logged<T>(work: () => Promise<T>): Promise<{ result: T; lines: string[] }> {
    const lines: string[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...parts: unknown[]) => void lines.push(parts.map(String).join(" ")));
    try {
      return { result: await work(), lines };
    } finally {
      spy.mockRestore();
    }
  }

  it("takes a notification whose certificate comes from an SNS host of a listed region", async () => {
    const base = await snsStandIn(200, () => certificate);
    const answer = await post(base, bounce("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0a1b2c.pem"));
    expect(answer).toEqual({ ok: true, message: "Recorded 1 event." });
    expect(requests.some((request) => request.endsWith("/SimpleNotificationService-0a1b2c.pem"))).toBe(true);
  });

  it("answers 503 when the certificate's host refuses or fails, logs it as the webhook's error, and never as a database outage", async () => {
    const before = await bounceEvents();
    const refusing = `http://127.0.0.1:${await freePort()}/`;
    const failing = await snsStandIn(500, () => "Internal error");
    for (const [base, reason] of [
      [refusing, "network error ECONNREFUSED"],
      [failing, "HTTP 500"],
    ] as const) {
      const { result, lines } = await logged(() => post(base, bounce("https://sns.us-east-1.amazonaws.com/SimpleNotificationService-0ff1ce.pem")));
      expect(result).toEqual({ ok: false, reason: "unavailable", message: "The SNS signing certificate could not be fetched just now; send the notification again later." });
      expect(lines).toEqual([
        `[bounces] SES webhook: the SNS signing certificate from sns.us-east-1.amazonaws.com could not be fetched (${reason}); answered 503, SNS sends it again`,
      ]);
      expect(lines.join("\n")).not.toContain("database");
    }
    expect(await bounceEvents()).toBe(before);
  });

  it("refuses with 403 a certificate Amazon's host says is not there, or that is not a certificate", async () => {
    const before = await bounceEvents();
    for (const base of [await snsStandIn(404, () => "Not Found"), await snsStandIn(200, () => "<html>hello</html>"), await snsStandIn(200, () => "x".repeat(100_000))]) {
      const { result, lines } = await logged(() => post(base, bounce("https://sns.eu-central-1.amazonaws.com/SimpleNotificationService-beef.pem")));
      expect(result).toEqual({ ok: false, reason: "forbidden", message: "The SNS signing certificate could not be fetched." });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^\[bounces\] SES webhook: the SNS signing certificate from sns\.eu-central-1\.amazonaws\.com could not be fetched \((HTTP 404|not a PEM certificate)\); refused$/);
    }
    expect(await bounceEvents()).toBe(before);
  });

  it("never fetches a certificate from a host that is not an SNS host of a listed region", async () => {
    const base = await snsStandIn(200, () => certificate);
    const asked = requests.length;
    for (const certUrl of [
      "https://sns.us-east-1.amazonaws.com.evil.example/SimpleNotificationService-1.pem",
      "https://sns.evil-1.amazonaws.com/SimpleNotificationService-1.pem",
      "http://sns.us-east-1.amazonaws.com/SimpleNotificationService-1.pem",
      "https://sns.us-east-1.amazonaws.com:8443/SimpleNotificationService-1.pem",
      "https://sns.us-east-1.amazonaws.com/cert.pem",
      "https://evil.example/SimpleNotificationService-1.pem",
    ]) {
      expect(await post(base, bounce(certUrl, "victim@recipient.example"))).toEqual({ ok: false, reason: "forbidden", message: "The signing certificate is not Amazon SNS's." });
    }
    expect(requests.length).toBe(asked);
  });

  it("refuses an event larger than any provider sends before reading it", async () => {
    const base = await snsStandIn(200, () => certificate);
    const answer = await post(base, bounce("https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0a1b2c.pem").replace('"Type"', `"Padding":"${"x".repeat(300_000)}","Type"`));
    expect(answer).toEqual({ ok: false, reason: "too-large", message: "The event is too large." });
  });
});
