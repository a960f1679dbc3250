import { execFileSync } from "node:child_process";
import { createHmac, createSign } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsOnPage, mailsTo, sendMagicLinks } from "#tests/support/campaigns";
import { startDovecot, type DovecotServer } from "#tests/support/dovecot";
import { signInOverHttp } from "#tests/support/http-session";
import { freePort, SmtpSink, type ReceivedMail } from "#tests/support/smtp-sink";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

const fixturesDir = path.resolve(import.meta.dirname, "../fixtures/bounces");
const SECRET = "generic-hook-secret-0123456789";
const TOPIC = "arn:aws:sns:eu-west-1:123456789012:harmonia-ses";

/** The fixture filled for one sent message: its VERP token (from the envelope), recipient and Message-ID. */
function bounceFor(name: string, mail: ReceivedMail, bounceId: string, withToken = true): string {
  const token = /^bounces\+([0-9a-f]{32})@example\.org$/.exec(mail.from)?.[1];
  if (!token) throw new Error(`No VERP envelope sender on the message to ${mail.to[0]}: ${mail.from}`);
  const filled: Record<string, string> = { TOKEN: withToken ? token : "", RECIPIENT: mail.to[0]!, MESSAGE_ID: mail.messageId, BOUNCE_ID: bounceId };
  return readFileSync(path.join(fixturesDir, name), "utf8")
    .replace(/\{\{(\w+)\}\}/g, (_, key: string) => filled[key] ?? "")
    .replace(/\r?\n/g, "\r\n");
}

/**
 * The issue's journey over HTTP against the production build: a campaign to 20 people, their
 * bounces and a complaint in a real IMAP mailbox (a private Dovecot) read by the server's poller;
 * suppression, the complaint's unsubscribe, the next campaign's skips, the stats, the staff list
 * and its removal, the member's notice; and the providers' webhooks with real signatures.
 */
describe("deliverability", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let dovecot: DovecotServer;
  let snsHost: Server;
  let snsKey: string;
  let certDir: string;
  const confirmations: string[] = [];
  let admin: string;
  const people = Array.from({ length: 20 }, (_, index) => `listener${index}@recipient.example`);

  beforeAll(async () => {
    [sink, dovecot] = await Promise.all([SmtpSink.onFreePort(), startDovecot()]);
    await sink.start();
    // A signing certificate made here and served locally, standing in for SNS's.
    certDir = mkdtempSync(path.join(tmpdir(), "harmonia-sns-"));
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", `${certDir}/key.pem`, "-out", `${certDir}/cert.pem`, "-subj", "/CN=sns.amazonaws.com", "-days", "1"], { stdio: "ignore" });
    snsKey = readFileSync(`${certDir}/key.pem`, "utf8");
    const certificate = readFileSync(`${certDir}/cert.pem`, "utf8");
    const snsPort = await freePort();
    snsHost = createServer((request, response) => {
      if (request.url === "/SimpleNotificationService-0123abcd.pem") return response.end(certificate);
      if (request.url?.startsWith("/confirm")) confirmations.push(request.url);
      response.end("<ConfirmSubscriptionResponse/>");
    });
    await new Promise<void>((resolve) => snsHost.listen(snsPort, "127.0.0.1", resolve));
    server = await startTestServer({
      SMTP_URL: sink.url,
      // The demo calendar gives the reservation form an event to reserve.
      SEED_DEMO_CONTENT: "true",
      ADMIN_EMAILS: "boss@example.com",
      RATE_LIMIT_MULTIPLIER: "100",
      MAIL_BOUNCE_ADDRESS: "bounces@example.org",
      BOUNCE_MAILBOX_URL: dovecot.url,
      BOUNCE_POLL_SECONDS: "5",
      MAIL_EVENTS_SECRET: SECRET,
      POSTMARK_WEBHOOK_USER: "postmark",
      POSTMARK_WEBHOOK_PASSWORD: "postmark-password",
      SES_SNS_TOPIC_ARN: TOPIC,
      // SNS's hosts are reached here; the URLs the messages name are Amazon's.
      SNS_API_BASE: `http://127.0.0.1:${snsPort}/`,
    });
    admin = await signInOverHttp(server.url, sink, "boss@example.com");
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    await dovecot?.stop();
    await new Promise((resolve) => snsHost?.close(resolve));
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  const suppressedCsv = async (query = "") => {
    const response = await fetch(`${server.url}/admin/communications/deliverability.csv${query}`, { headers: { Cookie: admin } });
    expect(response.status).toBe(200);
    return (await response.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/).slice(1);
  };
  const campaign = async (subject: string) => {
    const response = await sendMagicLinks(server.url, { campaign: "news", emails: people, subject, html: "Hello {{name}}: {{link}}" }, { cookie: admin });
    expect(response.status).toBe(200);
  };

  it("suppresses what bounced or complained, unsubscribes the complaint, and the next campaign skips them", async () => {
    await campaign("First news");
    await waitFor(() => people.every((email) => mailsTo(sink, email).some((mail) => mail.subject === "First news")), 30_000);
    const first = (email: string) => mailsTo(sink, email).find((mail) => mail.subject === "First news")!;
    const [h1, h2, h3, s1, s2, c1] = people.map(first) as [ReceivedMail, ReceivedMail, ReceivedMail, ReceivedMail, ReceivedMail, ReceivedMail];
    expect(h1.from).toMatch(/^bounces\+[0-9a-f]{32}@example\.org$/);
    const hard = bounceFor("rfc3464-hard.eml", h1, "http-h1");
    await dovecot.append([
      hard,
      hard,
      bounceFor("qmail-text-hard.eml", h2, "http-h2"),
      bounceFor("exchange-text-hard-no-verp.eml", h3, "http-h3", false),
      ...[1, 2, 3].flatMap((n) => [bounceFor("rfc3464-soft.eml", s1, `http-s1-${n}`), bounceFor("rfc3464-soft.eml", s2, `http-s2-${n}`)]),
      bounceFor("rfc5965-complaint.eml", c1, "http-c1"),
    ]);

    const rows = await waitFor(async () => {
      const list = await suppressedCsv();
      return list.length >= 6 ? list : undefined;
    }, 30_000);
    const byAddress = Object.fromEntries(rows.map((row) => [row.split(",")[0], row.split(",")[1]]));
    expect(byAddress).toEqual({
      [people[0]!]: "hard bounce",
      [people[1]!]: "hard bounce",
      [people[2]!]: "hard bounce",
      [people[3]!]: "repeated soft bounces",
      [people[4]!]: "repeated soft bounces",
      [people[5]!]: "complaint",
    });
    const [firstCampaign] = await campaignsOnPage(server.url, admin);
    expect(firstCampaign!.counts).toMatchObject({ Bounced: "3", Complaints: "1", Unsubscribed: "1" });

    // The next campaign: the complainer is left out as unsubscribed, the other five skipped at send time.
    await campaign("Second news");
    await waitFor(async () => {
      const [latest] = await campaignsOnPage(server.url, admin);
      return latest?.status === "Completed" || latest?.status === "completed" ? latest : undefined;
    }, 30_000);
    const received = people.filter((email) => mailsTo(sink, email).some((mail) => mail.subject === "Second news"));
    expect(received).toEqual(people.slice(6));
    const [second] = await campaignsOnPage(server.url, admin);
    expect(second!.counts).toMatchObject({ Recipients: "20", Sent: "14", Skipped: "6" });
    const results = await (await fetch(`${server.url}/admin/communications/campaigns/${second!.id}/results.csv`, { headers: { Cookie: admin } })).text();
    const lines = results.split(/\r?\n/);
    expect(lines.filter((line) => line.includes("suppressed: hard bounce"))).toHaveLength(3);
    expect(lines.filter((line) => line.includes("suppressed: repeated soft bounces"))).toHaveLength(2);
  });

  it("lets staff search, export and remove an address (with a reason, in the activity log), without JavaScript", async () => {
    expect(await suppressedCsv("?q=listener3")).toHaveLength(1);
    const page = await (await fetch(`${server.url}/admin/communications/deliverability?q=5.1.1`, { headers: { Cookie: admin } })).text();
    expect(page).toContain(people[0]);
    expect(page).not.toContain(people[3]);

    const remove = (fields: Record<string, string>) =>
      fetch(`${server.url}/admin/communications/deliverability`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: admin },
        body: new URLSearchParams(fields),
      });
    const noReason = await remove({ email: people[3]! });
    expect(noReason.status).toBe(400);
    const removed = await remove({ email: people[3]!, reason: "The mailbox was full; the person emptied it" });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain(`${people[3]} was removed from the suppression list`);
    expect(await suppressedCsv("?q=listener3")).toHaveLength(0);
    const activity = await (await fetch(`${server.url}/admin/activity`, { headers: { Cookie: admin } })).text();
    expect(activity).toContain("Removed from suppression");

    // The dashboard's community list marks a suppressed person.
    const joined = await fetch(`${server.url}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "join", name: "Listener Two", email: people[2]!, interest: "breathwork", consent: "on", emailConsent: "on" }),
    });
    expect(joined.status).toBe(200);
    const dashboard = await (await fetch(`${server.url}/admin?list=community&q=listener2%40`, { headers: { Cookie: admin } })).text();
    expect(dashboard).toContain(people[2]);
    expect(dashboard).toMatch(/data-testid="suppressed-mark"[^>]*>Suppressed: <!-- -->hard bounce|data-testid="suppressed-mark"[^>]*>Suppressed: hard bounce/);

    const member = await signInOverHttp(server.url, sink, "boss2@example.com");
    const forbidden = await fetch(`${server.url}/admin/communications/deliverability.csv`, { headers: { Cookie: member } });
    expect(forbidden.status).toBe(403);
  });

  it("shows a member that mail to them bounced, and tries again when asked; the sign-in form warns about a hard-bounced address", async () => {
    const member = await signInOverHttp(server.url, sink, people[1]!);
    const profile = await (await fetch(`${server.url}/profile`, { headers: { Cookie: member } })).text();
    expect(profile).toContain("Our e-mails to you bounced");
    const retry = await fetch(`${server.url}/profile`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: member },
      body: new URLSearchParams({ intent: "retry-mail" }),
    });
    expect(retry.status).toBe(200);
    const after = await (await fetch(`${server.url}/profile`, { headers: { Cookie: member } })).text();
    expect(after).not.toContain("Our e-mails to you bounced");
    expect(await suppressedCsv("?q=listener1%40")).toHaveLength(0);

    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "link", email: people[0]! }),
    });
    expect(await login.text()).toContain("We could not deliver mail to this address before. Check it, or use another.");

    // Their own reservation's confirmation is still sent, and the answer says the same.
    const listing = await (await fetch(`${server.url}/events`)).text();
    const slug = /href="\/events\/(candlelight-piano-meditation-\d+)"/.exec(listing)?.[1];
    expect(slug).toBeTruthy();
    const reserve = (email: string) =>
      fetch(`${server.url}/events/${slug}/reserve`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ name: "Listener Zero", email, phone: "", seats: "1" }),
      }).then((response) => response.text());
    const bounced = await reserve(people[0]!);
    expect(bounced).toContain("Reservation Confirmed!");
    expect(bounced).toContain("We could not deliver mail to this address before. Check it, or use another.");
    expect(await reserve("fine@recipient.example")).not.toContain("We could not deliver mail");
    await waitFor(() => mailsTo(sink, people[0]!).some((mail) => /reserv|confirm/i.test(mail.subject)));
  });

  it("takes signed generic and Postmark events, once each; refuses unsigned ones with 403 and no change", async () => {
    const before = (await suppressedCsv()).length;
    const body = JSON.stringify({ type: "bounce", email: "generic@recipient.example", messageId: "<nope@example.org>", permanent: true, reason: "550 5.1.1 no such user", at: new Date().toISOString() });
    const post = (signature?: string, text = body) =>
      fetch(`${server.url}/api/mail/events/generic`, { method: "POST", headers: { "Content-Type": "application/json", ...(signature ? { "X-Signature": signature } : {}) }, body: text });
    expect((await post()).status).toBe(403);
    expect((await post("sha256=" + "0".repeat(64))).status).toBe(403);
    const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
    expect((await post(signature, body.replace("generic@", "other@"))).status).toBe(403);
    expect((await suppressedCsv()).length).toBe(before);
    expect((await post(signature)).status).toBe(200);
    expect((await post(signature)).status).toBe(200);
    expect(await suppressedCsv("?q=generic%40")).toHaveLength(1);

    const postmark = (authorization: string | undefined, event: object) =>
      fetch(`${server.url}/api/mail/events/postmark`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify(event),
      });
    const complaint = { RecordType: "SpamComplaint", ID: 42, Type: "SpamComplaint", Email: "pm@recipient.example", MessageID: "b7bc2f4a", BouncedAt: new Date().toISOString() };
    expect((await postmark(undefined, complaint)).status).toBe(403);
    expect((await postmark(`Basic ${Buffer.from("postmark:wrong").toString("base64")}`, complaint)).status).toBe(403);
    const auth = `Basic ${Buffer.from("postmark:postmark-password").toString("base64")}`;
    expect((await postmark(auth, complaint)).status).toBe(200);
    expect((await postmark(auth, complaint)).status).toBe(200);
    expect((await suppressedCsv("?q=pm%40")).map((row) => row.split(",")[1])).toEqual(["complaint"]);
  });

  it("acts on no report about someone else: forged mailbox reports and a webhook naming another person's message change nothing and are listed for staff", async () => {
    const before = await suppressedCsv();
    const victim = "victim@recipient.example";
    await dovecot.append([
      ["From: attacker@evil.example", "To: bounces@example.org", "Subject: abuse", "Message-ID: <forged-http-1@evil.example>", "", "Feedback-Type: abuse", `Original-Rcpt-To: ${victim}`, ""].join("\r\n"),
      [
        "From: MAILER-DAEMON@evil.example",
        "To: bounces@example.org",
        "Subject: Undelivered Mail Returned to Sender",
        "Message-ID: <forged-http-2@evil.example>",
        "",
        "Action: failed",
        "Status: 5.1.1",
        `Final-Recipient: rfc822; ${victim}`,
        "",
      ].join("\r\n"),
    ]);
    // A signed provider event that names a message of ours, which went to someone else.
    const theirs = mailsTo(sink, people[7]!).find((mail) => mail.subject === "First news")!;
    const body = JSON.stringify({ type: "complaint", email: victim, messageId: theirs.messageId });
    const signature = `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;
    const answer = await fetch(`${server.url}/api/mail/events/generic`, { method: "POST", headers: { "Content-Type": "application/json", "X-Signature": signature }, body });
    expect(answer.status).toBe(200);

    const page = await waitFor(async () => {
      const html = await (await fetch(`${server.url}/admin/communications/deliverability`, { headers: { Cookie: admin } })).text();
      return html.includes("mailer-daemon@evil.example") && html.includes("Names another person") ? html : undefined;
    }, 30_000);
    expect(page).toContain("Reports we did not act on");
    expect(page).toContain("Names no message we sent");
    expect(page).toContain(victim);
    expect(await suppressedCsv()).toEqual(before);
    expect(await suppressedCsv(`?q=${encodeURIComponent(victim)}`)).toHaveLength(0);
    expect(await suppressedCsv(`?q=${encodeURIComponent(people[7]!)}`)).toHaveLength(0);
  });

  it("takes SES notifications through SNS only with a valid signature, confirms the subscription, records a replay once", async () => {
    const certUrl = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-0123abcd.pem";
    const sign = (message: Record<string, string>): Record<string, string> => {
      const fields = message.Type === "Notification" ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"] : ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"];
      const text = fields.filter((field) => message[field] !== undefined).map((field) => `${field}\n${message[field]}\n`).join("");
      return { ...message, SignatureVersion: "2", SigningCertURL: certUrl, Signature: createSign("RSA-SHA256").update(text).sign(snsKey, "base64") };
    };
    const post = (message: object) =>
      fetch(`${server.url}/api/mail/events/ses`, { method: "POST", headers: { "Content-Type": "text/plain; charset=UTF-8" }, body: JSON.stringify(message) });
    const now = new Date().toISOString();
    const confirm = sign({
      Type: "SubscriptionConfirmation",
      MessageId: "m-confirm",
      Token: "token-1",
      TopicArn: TOPIC,
      Message: "You have chosen to subscribe to the topic.",
      SubscribeURL: "https://sns.eu-west-1.amazonaws.com/confirm?Token=token-1",
      Timestamp: now,
    });
    expect((await post(confirm)).status).toBe(200);
    expect(confirmations).toEqual(["/confirm?Token=token-1"]);

    const bounce = sign({
      Type: "Notification",
      MessageId: "m-bounce-1",
      TopicArn: TOPIC,
      Timestamp: now,
      Message: JSON.stringify({
        notificationType: "Bounce",
        bounce: { bounceType: "Permanent", bounceSubType: "General", bouncedRecipients: [{ emailAddress: "ses@recipient.example", status: "5.1.1", diagnosticCode: "smtp; 550 5.1.1 user unknown" }] },
        mail: { messageId: "0100018b-ses", source: "bounces@example.org" },
      }),
    });
    expect((await post({ ...bounce, Signature: Buffer.from("forged").toString("base64") })).status).toBe(403);
    expect((await post({ ...bounce, Message: bounce.Message!.replace("ses@", "victim@") })).status).toBe(403);
    expect((await post({ ...bounce, SigningCertURL: "https://evil.example/cert.pem" })).status).toBe(403);
    expect(await suppressedCsv("?q=ses%40")).toHaveLength(0);
    expect((await post(bounce)).status).toBe(200);
    expect((await post(bounce)).status).toBe(200);
    expect((await suppressedCsv("?q=ses%40")).map((row) => row.split(",")[1])).toEqual(["hard bounce"]);
    const old = sign({ ...bounce, MessageId: "m-old", Timestamp: new Date(Date.now() - 3 * 3600_000).toISOString() } as Record<string, string>);
    expect((await post(old)).status).toBe(403);
  });
});
