import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bounceEvents, consents, outbox, suppressions, unmatchedReports, unsubscribes } from "#db/schema";
import { MAX_MESSAGE_BYTES, pollBounceMailbox, PROCESSED_KEYWORD } from "#app/modules/deliverability/bounce-mailbox.server";
import { recordBounceEvent } from "#app/modules/deliverability/record-bounce.server";
import { bounceCountsOf, suppressedBulkMessages, unsuppress } from "#app/modules/deliverability/suppressions.server";
import { envelopeSender, messageToken } from "#app/modules/deliverability/verp";
import { createMailTransport, type MailTransport } from "#app/modules/messaging/mail-transport.server";
import { createOutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { queueEmail, queueEmailBatch } from "#app/modules/messaging/outbox.server";
import { startDovecot, type DovecotServer } from "#tests/support/dovecot";
import { SmtpSink } from "#tests/support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

const BOUNCE_ADDRESS = "bounces@example.org";
const fixturesDir = path.resolve(import.meta.dirname, "../fixtures/bounces");

/** A fixture with its placeholders filled, lines ending in CRLF as mail does. */
function bounce(name: string, values: { token?: string; recipient: string; messageId: string; bounceId: string }): string {
  const text = readFileSync(path.join(fixturesDir, name), "utf8");
  const filled: Record<string, string> = { TOKEN: values.token ?? "", RECIPIENT: values.recipient, MESSAGE_ID: values.messageId, BOUNCE_ID: values.bounceId };
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => filled[key] ?? "").replace(/\r?\n/g, "\r\n");
}

/**
 * Bounces through a real IMAP server (a private Dovecot) and real SMTP: messages go out with a VERP
 * envelope sender, their bounces and complaints (RFC 3464, RFC 5965, plain-text ones) are appended
 * to the mailbox over IMAP, and the poller records each once, suppresses, unsubscribes and flags.
 */
describe("the bounce mailbox", () => {
  let database: TestDatabase;
  let dovecot: DovecotServer;
  let sink: SmtpSink;
  let mail: MailTransport;
  const campaignId = randomUUID();
  const people = Array.from({ length: 8 }, (_, index) => `person${index}@recipient.example`);
  const db = () => database.handle.db;

  beforeAll(async () => {
    [database, dovecot, sink] = await Promise.all([createTestDatabase(), startDovecot(), SmtpSink.onFreePort()]);
    await sink.start();
    mail = createMailTransport({
      smtpUrl: sink.url,
      from: "Harmonia <hello@example.org>",
      mailboxUrl: "",
      envelopeSender: (message) => envelopeSender(BOUNCE_ADDRESS, message.id),
    });
  }, 60_000);
  afterAll(async () => {
    mail?.close();
    await sink?.stop();
    await dovecot?.stop();
    await database?.dispose();
  });

  const send = async (keyPrefix: string) => {
    const ids = await queueEmailBatch(
      db(),
      people.map((to) => ({ kind: "campaign", to, subject: `News ${keyPrefix}`, html: "<p>Hi</p>", text: "Hi", idempotencyKey: `${keyPrefix}:${to}`, priority: "bulk" as const, campaignId })),
    );
    const sender = createOutboxSender({ db: db(), transports: { email: mail }, retryDelaySeconds: 1, concurrency: 2, skipRecipients: suppressedBulkMessages });
    await sender.deliverDue();
    await sender.stop();
    return people.map((to) => ids.get(`${keyPrefix}:${to}`)!);
  };

  it("sends each message with its own envelope sender, the From header unchanged", async () => {
    const ids = await send("first");
    expect(sink.received).toHaveLength(people.length);
    for (const [index, to] of people.entries()) {
      const received = sink.received.find((entry) => entry.to.includes(to))!;
      expect(received.from).toBe(`bounces+${messageToken(ids[index]!)}@example.org`);
      expect(received.raw).toMatch(/^From: Harmonia <hello@example\.org>/m);
    }
  });

  it("records hard bounces, soft bounces up to the limit, and complaints; each report once, even read twice or by two pollers", async () => {
    const rows = await db().select({ id: outbox.id, recipient: outbox.recipient, providerId: outbox.providerId }).from(outbox).where(eq(outbox.campaignId, campaignId));
    const of = (to: string) => rows.find((row) => row.recipient === to)!;
    const filled = (to: string, bounceId: string, withToken = true) => ({
      token: withToken ? messageToken(of(to).id) : "",
      recipient: to,
      messageId: of(to).providerId!,
      bounceId,
    });
    const [hard1, hard2, hard3, soft1, soft2, complainer] = people as [string, string, string, string, string, string];
    const firstHard = bounce("rfc3464-hard.eml", filled(hard1, "h1"));
    await dovecot.append([
      firstHard,
      firstHard, // the same report delivered twice
      bounce("qmail-text-hard.eml", filled(hard2, "h2")),
      // No envelope token: matched by the quoted Message-ID.
      bounce("exchange-text-hard-no-verp.eml", filled(hard3, "h3", false)),
      ...[1, 2, 3].flatMap((attempt) => [bounce("rfc3464-soft.eml", filled(soft1, `s1-${attempt}`)), bounce("rfc3464-soft.eml", filled(soft2, `s2-${attempt}`))]),
      bounce("rfc5965-complaint.eml", filled(complainer, "c1")),
      "From: someone@elsewhere.example\r\nTo: bounces@example.org\r\nSubject: Thanks!\r\nMessage-ID: <thanks@elsewhere.example>\r\n\r\nThank you for the concert.\r\n",
    ]);

    // Two pollers at once: the lease lets one read; the other reads nothing.
    const [first, second] = await Promise.all(
      ["poller-a", "poller-b"].map((holder) => pollBounceMailbox({ db: db(), mailboxUrl: dovecot.url, bounceAddress: BOUNCE_ADDRESS, holder })),
    );
    expect([first!.polled, second!.polled].sort()).toEqual([false, true]);
    const done = first!.polled ? first! : second!;
    expect(done).toMatchObject({ read: 12, recorded: 10, duplicates: 1, ignored: 1, unmatched: 0, oversized: 0 });
    expect(await dovecot.keywordCounts(PROCESSED_KEYWORD)).toEqual({ with: 12, without: 0 });

    const suppressed = await db().select().from(suppressions).orderBy(suppressions.email);
    expect(suppressed.map((row) => [row.email, row.reason])).toEqual(
      [
        [hard1, "hard-bounce"],
        [hard2, "hard-bounce"],
        [hard3, "hard-bounce"],
        [soft1, "soft-bounce-limit"],
        [soft2, "soft-bounce-limit"],
        [complainer, "complaint"],
      ].sort(),
    );
    expect(suppressed.find((row) => row.email === hard1)).toMatchObject({ campaignId, source: "mailbox" });
    expect(suppressed.find((row) => row.email === hard1)!.detail).toContain("5.1.1");
    expect(await db().select().from(unsubscribes).where(eq(unsubscribes.email, complainer))).toHaveLength(1);
    const consentRows = await db().select().from(consents).where(eq(consents.email, complainer));
    expect(consentRows.map((row) => [row.purpose, row.granted, row.source])).toEqual([["campaigns", false, "complaint"]]);
    expect(await bounceCountsOf(db(), [campaignId])).toEqual(new Map([[campaignId, { bounced: 3, complaints: 1 }]]));

    // A message that lost its keyword (a crash before flagging) is read again and records nothing new.
    const again = await pollBounceMailbox({ db: db(), mailboxUrl: dovecot.url, bounceAddress: BOUNCE_ADDRESS, holder: "poller-a" });
    expect(again).toMatchObject({ polled: true, read: 0 });
    const before = await db().select({ count: sql<number>`count(*)::int` }).from(bounceEvents);
    const replay = await recordBounceEvent(db(), { eventKey: "mailbox:<h1.RAA14128@CS.UTK.EDU>", kind: "hard", email: hard1, source: "mailbox", detail: "again" });
    expect(replay).toEqual({ recorded: false });
    expect(await db().select({ count: sql<number>`count(*)::int` }).from(bounceEvents)).toEqual(before);
  });

  it("acts on no report that names no message we sent: forged complaints and bounces are listed as unmatched and change nothing", async () => {
    const victims = ["victim@example.com", "victim2@example.com"];
    // A member of the list: what a forged complaint would unsubscribe.
    await db().insert(unsubscribes).values({ email: "someone-else@example.com", source: "link" }).onConflictDoNothing();
    const rows = await db().select({ id: outbox.id, recipient: outbox.recipient }).from(outbox).where(eq(outbox.campaignId, campaignId));
    const real = rows.find((row) => row.recipient === people[7])!;
    const forgedComplaint = [
      "From: attacker@evil.example",
      "To: bounces@example.org",
      "Subject: abuse report",
      "Message-ID: <forged-1@evil.example>",
      "",
      "Feedback-Type: abuse",
      `Original-Rcpt-To: ${victims[0]}`,
      "",
    ].join("\r\n");
    const forgedDsn = [
      "From: MAILER-DAEMON@evil.example",
      "To: bounces@example.org",
      "Subject: Undelivered Mail Returned to Sender",
      "Message-ID: <forged-2@evil.example>",
      "",
      "Action: failed",
      "Status: 5.1.1",
      `Final-Recipient: rfc822; ${victims[1]}`,
      "",
    ].join("\r\n");
    // A well-formed ARF report naming the victim, with a token that is not one of ours and someone's guessable Message-ID.
    const forgedArf = bounce("rfc5965-complaint.eml", { token: "0".repeat(32), recipient: victims[0]!, messageId: "<guess@example.org>", bounceId: "forged-3" });
    // A real report about person 7's message that claims another recipient: person 7 is the one affected.
    const redirected = bounce("rfc3464-hard.eml", { token: messageToken(real.id), recipient: victims[1]!, messageId: "<nothing@example.org>", bounceId: "redirected" });
    const oversized = `From: big@evil.example\r\nTo: bounces@example.org\r\nSubject: Undelivered\r\nMessage-ID: <big@evil.example>\r\n\r\n${"x".repeat(998)}\r\n`.repeat(1);
    const padded = oversized + `${"y".repeat(998)}\r\n`.repeat(Math.ceil(MAX_MESSAGE_BYTES / 1000) + 10);
    await dovecot.append([forgedComplaint, forgedDsn, forgedArf, redirected, padded]);

    const suppressedBefore = await db().select().from(suppressions);
    const result = await pollBounceMailbox({ db: db(), mailboxUrl: dovecot.url, bounceAddress: BOUNCE_ADDRESS, holder: "poller-a" });
    expect(result).toMatchObject({ read: 5, recorded: 1, unmatched: 2, ignored: 1, oversized: 1 });
    expect(await dovecot.keywordCounts(PROCESSED_KEYWORD)).toEqual({ with: 17, without: 0 });

    for (const victim of victims) {
      expect(await db().select().from(suppressions).where(eq(suppressions.email, victim))).toHaveLength(0);
      expect(await db().select().from(unsubscribes).where(eq(unsubscribes.email, victim))).toHaveLength(0);
      expect(await db().select().from(consents).where(eq(consents.email, victim))).toHaveLength(0);
      expect(await db().select().from(bounceEvents).where(eq(bounceEvents.email, victim))).toHaveLength(0);
    }
    const suppressedAfter = await db().select().from(suppressions);
    expect(suppressedAfter.map((row) => row.email).sort()).toEqual([...suppressedBefore.map((row) => row.email), people[7]!].sort());

    const unmatched = await db().select().from(unmatchedReports).orderBy(unmatchedReports.sender);
    expect(unmatched.map((row) => [row.reason, row.kind, row.sender, row.namedRecipient])).toEqual([
      ["no-matching-message", "complaint", "abusedesk@example.com", victims[0]],
      ["oversized", null, "big@evil.example", null],
      ["no-matching-message", "hard", "mailer-daemon@evil.example", null],
    ]);
    expect(unmatched[1]!.sizeBytes).toBeGreaterThan(MAX_MESSAGE_BYTES);
    // The forged plain complaint is no report at all (its fields are not in a feedback-report part): ignored, not listed.
    await db().transaction((tx) => unsuppress(tx, people[7]!));
  });

  it("skips suppressed recipients of bulk mail at send time, still sends them what they ask for", async () => {
    sink.received.length = 0;
    const ids = await send("second");
    const received = sink.received.map((entry) => entry.to[0]).sort();
    expect(received).toEqual(people.slice(6).sort());
    const skipped = await db()
      .select({ recipient: outbox.recipient, status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(and(eq(outbox.campaignId, campaignId), sql`${outbox.idempotencyKey} like 'second:%'`));
    expect(skipped.filter((row) => row.status === "cancelled").map((row) => row.lastError).sort()).toEqual([
      "suppressed: complaint",
      "suppressed: hard bounce",
      "suppressed: hard bounce",
      "suppressed: hard bounce",
      "suppressed: repeated soft bounces",
      "suppressed: repeated soft bounces",
    ]);
    expect(ids).toHaveLength(people.length);

    // A sign-in link the person asked for is transactional: attempted even though suppressed.
    sink.received.length = 0;
    await queueEmail(db(), { kind: "sign-in-link", to: people[3]!, subject: "Your link", html: "<p>link</p>", text: "link", idempotencyKey: "link:3" });
    const sender = createOutboxSender({ db: db(), transports: { email: mail }, retryDelaySeconds: 1, concurrency: 1, skipRecipients: suppressedBulkMessages });
    await sender.deliverDue();
    await sender.stop();
    expect(sink.received.map((entry) => entry.to[0])).toEqual([people[3]]);
  });

  it("counts soft bounces afresh once staff removed the address from the list", async () => {
    const soft = people[3]!;
    await db().transaction((tx) => unsuppress(tx, soft));
    const outcome = await recordBounceEvent(db(), { eventKey: "test:soft-after-removal", kind: "soft", email: soft, source: "generic", detail: "4.2.2" });
    expect(outcome).toEqual({ recorded: true, suppressed: null, unsubscribed: false });
    expect(await db().select().from(suppressions).where(eq(suppressions.email, soft))).toHaveLength(0);
  });
});
