import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq, inArray, sql } from "drizzle-orm";
import { outbox } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { decodedBody, SmtpSink } from "#tests/support/smtp-sink";
import { waitFor } from "#tests/support/wait-for";
import { claimDueMessages, failAbandonedMessages } from "./claim-due-messages.server";
import { createMailTransport, type MailTransport } from "./mail-transport.server";
import { cancelMessages, getOutboxMessage, queueEmail, queueEmailToRender, type QueuedEmail } from "./outbox.server";
import type { DeliveryRenderer, RenderOutcome } from "./render-at-delivery.server";
import { createOutboxSender, type OutboxSender } from "./outbox-sender.server";

const email = (key: string, overrides: Partial<QueuedEmail> = {}): QueuedEmail => ({
  kind: "test",
  to: "listener@example.com",
  subject: `Sender test ${key}`,
  html: `<p>Hello ${key}</p>`,
  text: `Hello ${key}`,
  idempotencyKey: `sender-test:${key}`,
  ...overrides,
});

describe("the outbox sender", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  const closers: (() => Promise<void> | void)[] = [];
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await SmtpSink.onFreePort();
    await sink.start();
  });

  // Each test's senders stop with it: one left running wakes on its own timer and claims the next
  // test's rows (a sender without the next test's renderer fails them for good).
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  afterAll(async () => {
    for (const close of closers) await close();
    await sink.stop();
    await database.dispose();
  });

  // Each test starts from an empty outbox, so one test's rows never answer another's claim.
  beforeEach(async () => {
    await db().delete(outbox);
  });

  const smtp = (maxConnections = 5): MailTransport => {
    const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "", maxConnections });
    closers.push(() => mail.close());
    return mail;
  };

  const sender = (mail: MailTransport, retryDelaySeconds = 60, leaseSeconds?: number): OutboxSender => {
    const created = createOutboxSender({ db: db(), transports: { email: mail }, retryDelaySeconds, concurrency: 5, leaseSeconds });
    closers.unshift(async () => void (await created.stop()));
    return created;
  };

  it("never hands one row to two concurrent claimers", async () => {
    for (let index = 0; index < 60; index++) await queueEmail(db(), email(`claim-${index}`));
    const claims = await Promise.all(
      ["a", "b", "c"].map((owner) => claimDueMessages(db(), { owner, limit: 25, channels: ["email"] })),
    );
    const ids = claims.flat().map((row) => row.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    // Everything is leased now: nobody else gets any of it.
    expect(await claimDueMessages(db(), { owner: "d", limit: 100, channels: ["email"] })).toEqual([]);
  });

  it("claims a row again once its sender's lease has expired, counting the attempt", async () => {
    const { id } = await queueEmail(db(), email("lease"));
    const [first] = await claimDueMessages(db(), { owner: "crashed", limit: 10, channels: ["email"] });
    expect(first?.id).toBe(id);
    expect(await claimDueMessages(db(), { owner: "other", limit: 10, channels: ["email"] })).toEqual([]);

    // The crashed sender never renews: its lease runs out.
    await db().update(outbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(outbox.id, id));
    const [again] = await claimDueMessages(db(), { owner: "other", limit: 10, channels: ["email"] });
    expect(again).toMatchObject({ id, status: "sending", lockedBy: "other", attempts: 2 });
  });

  it("renews the lease while a slow send lasts, so no other sender takes the row meanwhile", async () => {
    const { id } = await queueEmail(db(), email("slow"));
    sink.answerAfter(3000);
    try {
      // A 1.5 s lease, renewed every 0.5 s, against a server that takes 3 s to answer.
      const sending = sender(smtp(), 60, 1.5).deliverDue();
      await waitFor(async () => (await getOutboxMessage(db(), id))?.status === "sending");
      for (let look = 0; look < 5; look++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(await claimDueMessages(db(), { owner: "other", limit: 10, channels: ["email"] })).toEqual([]);
      }
      await sending;
    } finally {
      sink.answerAfter(0);
    }
    expect(await getOutboxMessage(db(), id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(sink.received.filter((mail) => mail.subject === "Sender test slow")).toHaveLength(1);
  });

  it("fails a row instead of claiming it an eleventh time when its sender stopped during every attempt", async () => {
    const { id } = await queueEmail(db(), email("poison"));
    await db()
      .update(outbox)
      .set({ status: "sending", attempts: 10, lockedBy: "crashed", lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await claimDueMessages(db(), { owner: "other", limit: 10, channels: ["email"] })).toEqual([]);
    expect(await failAbandonedMessages(db())).toBe(1);
    expect(await getOutboxMessage(db(), id)).toMatchObject({ status: "failed", attempts: 10, lockedUntil: null });
  });

  it("claims transactional messages before bulk ones, even when the bulk ones are older", async () => {
    for (let index = 0; index < 5; index++) await queueEmail(db(), email(`bulk-${index}`, { priority: "bulk" }));
    const { id } = await queueEmail(db(), email("sign-in", { kind: "sign-in" }));
    const [first] = await claimDueMessages(db(), { owner: "a", limit: 1, channels: ["email"] });
    expect(first?.id).toBe(id);
    expect(first?.priority).toBe(0);
  });

  it("retries a temporary (4xx) refusal and fails a permanent (5xx) one with the server's reply", async () => {
    sink.refuse("busy@example.com", 451, "4.7.1 Try again later");
    sink.refuse("gone@example.com", 550, "5.1.1 No such mailbox here");
    try {
      const busy = await queueEmail(db(), email("busy", { to: "busy@example.com" }));
      const gone = await queueEmail(db(), email("gone", { to: "gone@example.com" }));
      await sender(smtp()).deliverDue();

      const retried = await getOutboxMessage(db(), busy.id);
      expect(retried).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
      expect(retried?.lastError).toContain("451");
      expect(retried!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);

      const failed = await getOutboxMessage(db(), gone.id);
      expect(failed).toMatchObject({ status: "failed", attempts: 1 });
      expect(failed?.lastError).toContain("550 5.1.1 No such mailbox here");
      expect(sink.received.filter((mail) => mail.subject.startsWith("Sender test busy") || mail.subject === "Sender test gone")).toEqual([]);
    } finally {
      sink.accept("busy@example.com");
      sink.accept("gone@example.com");
    }
  });

  it("logs one line per failed attempt with the domain, reason and next attempt, and identical ones once", async () => {
    const addresses = [1, 2, 3, 4, 5].map((n) => `reader${n}@down.example`);
    for (const address of addresses) sink.refuse(address, 421, "4.3.2 Service shutting down");
    const lines: string[] = [];
    const errors = vi.spyOn(console, "error").mockImplementation((line: unknown) => void lines.push(String(line)));
    try {
      for (const [index, address] of addresses.entries()) await queueEmail(db(), email(`outage-${index}`, { to: address }));
      await sender(smtp()).deliverDue();
      const about = lines.filter((line) => line.includes("down.example"));
      expect(about).toHaveLength(1);
      expect(about[0]).toMatch(/^\[outbox\] email to down\.example not delivered: .*421.*; attempt 1 of 10, next in 60 s$/);
      expect(about[0]).not.toContain("reader");
    } finally {
      errors.mockRestore();
      for (const address of addresses) sink.accept(address);
    }
  });

  it("clears a sent message's body and sign-in link, keeping what it was and where it went", async () => {
    const { id } = await queueEmail(
      db(),
      email("cleared", { kind: "sign-in", meta: { signInLink: "https://harmonia.example/login/link?token=secret", listUnsubscribe: "https://harmonia.example/u" } }),
    );
    await sender(smtp()).deliverDue();
    const row = await getOutboxMessage(db(), id);
    expect(row).toMatchObject({ status: "sent", transport: "smtp", recipient: "listener@example.com", subject: "Sender test cleared", kind: "sign-in" });
    expect(row?.providerId).toMatch(/^<[0-9a-f]{32}@harmonia\.example>$/);
    expect(row?.bodyText).toBe("");
    expect(row?.bodyHtml).toBeNull();
    expect(row?.meta).toEqual({});
    expect(sink.received.filter((mail) => mail.subject === "Sender test cleared")).toHaveLength(1);
  });

  it("clears a failed or cancelled message's body, sign-in link and unsubscribe address as a sent one's (issue 23)", async () => {
    const credentials = { signInLink: "https://harmonia.example/login/link?token=secret", listUnsubscribe: "https://harmonia.example/unsubscribe?token=u", campaign: "spring" };
    const personal = { html: '<a href="https://harmonia.example/login/campaign?token=secret">Listen</a>', text: "https://harmonia.example/login/campaign?token=secret" };
    sink.refuse("gone@example.com", 550, "5.1.1 No such mailbox here");
    try {
      // Kept as the dev mailbox keeps it, so that clearing is what takes it away.
      const kept = { meta: credentials, keepSignInLink: true, ...personal };
      const refused = await queueEmail(db(), email("refused", { to: "gone@example.com", ...kept }));
      const abandoned = await queueEmail(db(), email("abandoned", kept));
      const cancelled = await queueEmail(db(), email("cancelled", { ...kept, priority: "bulk" }));
      await db()
        .update(outbox)
        .set({ status: "sending", attempts: 10, lockedBy: "crashed", lockedUntil: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, abandoned.id));
      expect(await cancelMessages(db(), eq(outbox.id, cancelled.id), "Campaign cancelled")).toEqual([cancelled.id]);
      await sender(smtp()).deliverDue();
      expect(await failAbandonedMessages(db())).toBe(1);

      for (const [id, status] of [
        [refused.id, "failed"],
        [abandoned.id, "failed"],
        [cancelled.id, "cancelled"],
      ] as const) {
        const row = await getOutboxMessage(db(), id);
        expect(row).toMatchObject({ status, bodyText: "", bodyHtml: null, meta: { campaign: "spring" } });
        expect(JSON.stringify(row)).not.toContain("token=");
      }
    } finally {
      sink.accept("gone@example.com");
    }
  });

  it("never stores a sign-in link in meta when the instance sends over SMTP", async () => {
    const meta = { signInLink: "https://harmonia.example/login/link?token=s", listUnsubscribe: "https://harmonia.example/u" };
    // Over SMTP the sender of a link says false; a caller that says nothing gets the same.
    const refused = await queueEmail(db(), email("link-smtp", { meta, keepSignInLink: false }));
    const unsaid = await queueEmail(db(), email("link-unsaid", { meta }));
    for (const { id } of [refused, unsaid]) expect((await getOutboxMessage(db(), id))?.meta).toEqual({ listUnsubscribe: "https://harmonia.example/u" });
    // The dev mailbox (no SMTP_URL) keeps it for its button.
    const kept = await queueEmail(db(), email("link-mailbox", { meta, keepSignInLink: true }));
    expect((await getOutboxMessage(db(), kept.id))?.meta).toEqual(meta);
  });

  it("keeps bodies in the dev mailbox, whose job is to show them", async () => {
    const mailbox = createMailTransport({ from: "Harmonia <hello@harmonia.example>", mailboxUrl: "", log: () => undefined });
    const { id } = await queueEmail(db(), email("mailbox", { meta: { signInLink: "https://harmonia.example/login/link?token=t" }, keepSignInLink: true }));
    await sender(mailbox).deliverDue();
    const row = await getOutboxMessage(db(), id);
    expect(row).toMatchObject({ status: "sent", transport: "mailbox", bodyText: "Hello mailbox" });
    expect(row?.meta.signInLink).toBe("https://harmonia.example/login/link?token=t");
  });

  it("renders a row written without its body when it sends it, through the renderer the row names", async () => {
    const calls: string[][] = [];
    const renderer: DeliveryRenderer = {
      name: "greeting",
      async render(_db, messages) {
        // The batch's order is the claim's (due time, then id), which is not the order queued within a millisecond.
        calls.push(messages.map((message) => message.meta.who ?? "").sort());
        return new Map(
          messages.map((message): [string, RenderOutcome] =>
            message.meta.who === "nobody"
              ? [message.id, { gone: "Nobody to greet any more" }]
              : [message.id, { rendered: { subject: `Hi ${message.meta.who}`, text: `Hello ${message.meta.who}`, html: `<p>Hello ${message.meta.who}</p>` } }],
          ),
        );
      },
    };
    const queue = (who: string) =>
      queueEmailToRender(db(), { kind: "greeting", to: `${who}@example.com`, subject: "Hi", idempotencyKey: `render:${who}`, renderer: "greeting", refs: { who } });
    const ada = await queue("ada");
    const bob = await queue("bob");
    const nobody = await queue("nobody");
    const orphan = await queueEmailToRender(db(), { kind: "x", to: "x@example.com", subject: "X", idempotencyKey: "render:orphan", renderer: "unknown", refs: {} });
    expect(await getOutboxMessage(db(), ada.id)).toMatchObject({ bodyText: "", bodyHtml: null });

    const mailbox = createMailTransport({ from: "Harmonia <hello@harmonia.example>", mailboxUrl: "", log: () => undefined });
    const created = createOutboxSender({ db: db(), transports: { email: mailbox }, renderers: [renderer], retryDelaySeconds: 60, concurrency: 5 });
    closers.unshift(async () => void (await created.stop()));
    await created.deliverDue();
    // One call for the whole batch, not one per message.
    expect(calls).toEqual([["ada", "bob", "nobody"]]);
    // The dev mailbox keeps what it showed.
    expect(await getOutboxMessage(db(), ada.id)).toMatchObject({ status: "sent", subject: "Hi ada", bodyText: "Hello ada", bodyHtml: "<p>Hello ada</p>" });
    expect(await getOutboxMessage(db(), bob.id)).toMatchObject({ status: "sent", bodyText: "Hello bob" });
    expect(await getOutboxMessage(db(), nobody.id)).toMatchObject({ status: "failed", lastError: "Nobody to greet any more" });
    expect(await getOutboxMessage(db(), orphan.id)).toMatchObject({ status: "failed", lastError: 'No renderer "unknown" is registered for this message' });
  });

  it("retries a row whose renderer failed (the database was away), and sends it once it renders", async () => {
    let failing = true;
    const renderer: DeliveryRenderer = {
      name: "flaky",
      async render(_db, messages) {
        if (failing) throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
        return new Map(messages.map((message): [string, RenderOutcome] => [message.id, { rendered: { subject: "Flaky", text: "Made it", html: "<p>Made it</p>" } }]));
      },
    };
    const { id } = await queueEmailToRender(db(), { kind: "flaky", to: "flaky@example.com", subject: "Flaky", idempotencyKey: "render:flaky", renderer: "flaky", refs: {} });
    const created = createOutboxSender({ db: db(), transports: { email: smtp() }, renderers: [renderer], retryDelaySeconds: 1, concurrency: 5 });
    closers.unshift(async () => void (await created.stop()));
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await created.deliverDue();
    expect(await getOutboxMessage(db(), id)).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("ECONNREFUSED") });
    failing = false;
    await waitFor(async () => (await getOutboxMessage(db(), id))?.status === "sent", 10_000);
    vi.restoreAllMocks();
    const received = sink.received.filter((mail) => mail.to.includes("flaky@example.com"));
    expect(received).toHaveLength(1);
    expect(decodedBody(received[0]!)).toContain("Made it");
    // Sent for real: nothing rendered stays on the row.
    expect(await getOutboxMessage(db(), id)).toMatchObject({ bodyText: "", bodyHtml: null });
  });

  it("delivers a sign-in link within 2 s while a bulk run is sending", async () => {
    for (let index = 0; index < 600; index++) await queueEmail(db(), email(`campaign-${index}`, { priority: "bulk" }));
    // 40 ms a message on 5 connections: the bulk run alone takes about 5 s.
    sink.answerAfter(40);
    const bulkSender = sender(smtp());
    try {
      const bulkRun = bulkSender.deliverDue();
      await waitFor(() => sink.received.some((mail) => mail.subject.startsWith("Sender test campaign-")));
      await new Promise((resolve) => setTimeout(resolve, 500));
      const queuedAt = Date.now();
      await queueEmail(db(), email("urgent-link", { kind: "sign-in" }));
      bulkSender.wake();
      await waitFor(() => sink.received.some((mail) => mail.subject === "Sender test urgent-link"), 5000);
      const waited = Date.now() - queuedAt;
      const bulkSoFar = sink.received.filter((mail) => mail.subject.startsWith("Sender test campaign-")).length;
      expect(waited).toBeLessThan(2000);
      expect(bulkSoFar).toBeLessThan(600);
      await bulkRun;
    } finally {
      sink.answerAfter(0);
    }
  });

  it("on stop finishes the sends in flight and gives back the rest of its batch, due at once for another sender", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) ids.push((await queueEmail(db(), email(`stopping-${index}`))).id);
    // One connection, 1.5 s a message: the batch holds all six when the stop comes during the first.
    sink.answerAfter(1500);
    try {
      const stopping = createOutboxSender({ db: db(), transports: { email: smtp(1) }, retryDelaySeconds: 60, concurrency: 1 });
      const before = sink.received.length;
      stopping.wake();
      await waitFor(async () => (await db().select().from(outbox).where(eq(outbox.status, "sending"))).length === 6, 5000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const released = await stopping.stop();
      const sent = sink.received.slice(before).filter((mail) => mail.subject.startsWith("Sender test stopping-"));
      expect(sent).toHaveLength(1);
      expect(released).toBe(5);
      const rows = await db().select().from(outbox).where(inArray(outbox.id, ids));
      expect(rows.filter((row) => row.status === "sent")).toHaveLength(1);
      // Given back: pending, unleased, its attempt not counted; another sender claims them at once, not when a lease runs out.
      for (const row of rows.filter((candidate) => candidate.status !== "sent")) {
        expect(row).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null, attempts: 0 });
      }
      const claimed = await claimDueMessages(db(), { owner: "the-other-instance", limit: 10, channels: ["email"] });
      expect(claimed.map((row) => row.id).sort()).toEqual(rows.filter((row) => row.status !== "sent").map((row) => row.id).sort());
    } finally {
      sink.answerAfter(0);
    }
  });

  it("delivers many messages through two instances' senders with no duplicate and none lost", async () => {
    const count = 400;
    const ids: string[] = [];
    for (let index = 0; index < count; index++) ids.push((await queueEmail(db(), email(`many-${index}`, { priority: "bulk" }))).id);
    const before = sink.received.length;
    await Promise.all([sender(smtp()).deliverDue(), sender(smtp()).deliverDue()]);

    const received = sink.received.slice(before).filter((mail) => mail.subject.startsWith("Sender test many-"));
    expect(received).toHaveLength(count);
    expect(new Set(received.map((mail) => mail.messageId)).size).toBe(count);
    const rows = await db().select({ status: outbox.status }).from(outbox).where(inArray(outbox.id, ids));
    expect(rows.every((row) => row.status === "sent")).toBe(true);
  });
});
