import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { outbox } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { SmtpSink } from "#tests/support/smtp-sink";
import { waitFor } from "#tests/support/wait-for";
import { createMailTransport } from "./mail-transport.server";
import { getOutboxMessage, queueEmail } from "./outbox.server";
import { startJobRunner, type JobRunner } from "#app/lib/jobs/job-runner.server";
import { messagingJobs } from "./jobs.server";
import { createOutboxSender, type OutboxSender } from "./outbox-sender.server";

const email = (key: string) => ({
  kind: "test",
  to: "listener@example.com",
  subject: `Outbox test ${key}`,
  html: "<p>Hello</p>",
  text: "Hello",
  idempotencyKey: `outbox-test:${key}`,
});

describe("outbox delivery over real SMTP", () => {
  let database: TestDatabase;
  let sink: SmtpSink;
  let worker: JobRunner | undefined;
  let sender: OutboxSender | undefined;
  // Pooled SMTP transports keep their connections open until closed, which would hold the sink's stop.
  const transports: { close(): void }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    sink = await SmtpSink.onFreePort();
  });

  afterAll(async () => {
    await worker?.stop();
    await sender?.stop();
    for (const transport of transports) transport.close();
    await sink.stop();
    await database.dispose();
  });

  it("keeps a message through a failed SMTP attempt and sends it once when the server is back", async () => {
    const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
    transports.push(mail);
    const jobs = messagingJobs({ db: database.handle.db, transports: { email: mail }, retryDelaySeconds: 1 });
    const runner = await startJobRunner({ handle: database.handle, jobs: jobs.all, schema: "pgboss_outbox_test" });
    worker = runner;
    sender = jobs.sender;
    const wake = (id: string) => runner.send(jobs.deliver, { id });
    const { id } = await queueEmail(database.handle.db, email("outage"));
    await wake(id);

    // Nothing listens on the port yet: the attempt fails and is recorded on the row.
    const failed = await waitFor(async () => {
      const row = await getOutboxMessage(database.handle.db, id);
      return row && row.attempts >= 1 && row.status === "pending" && row.lastError ? row : undefined;
    });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(sink.received).toHaveLength(0);

    await sink.start();
    const sent = await waitFor(async () => {
      const row = await getOutboxMessage(database.handle.db, id);
      return row?.status === "sent" ? row : undefined;
    }, 30_000);
    expect(sent.transport).toBe("smtp");
    expect(sent.sentAt).toBeInstanceOf(Date);

    // More wake-ups for the same message (a sweep, a second instance) send nothing more.
    await wake(id);
    await wake(id);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const delivered = sink.received.filter((mail) => mail.subject === "Outbox test outage");
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.to).toEqual(["listener@example.com"]);
  });

  it("writes a message once per idempotency key", async () => {
    const first = await queueEmail(database.handle.db, email("twice"));
    const second = await queueEmail(database.handle.db, email("twice"));
    expect(second).toEqual({ id: first.id, created: false });
    const rows = await database.handle.db.select().from(outbox).where(eq(outbox.idempotencyKey, "outbox-test:twice"));
    expect(rows).toHaveLength(1);
  });

  it("lets only one of two concurrent senders deliver a message", async () => {
    await queueEmail(database.handle.db, email("race"));
    const senders = [0, 1].map(() => {
      const mail = createMailTransport({ smtpUrl: sink.url, from: "Harmonia <hello@harmonia.example>", mailboxUrl: "" });
      transports.push(mail);
      return createOutboxSender({ db: database.handle.db, transports: { email: mail }, retryDelaySeconds: 1, concurrency: 5 });
    });
    try {
      await Promise.all(senders.map((racing) => racing.deliverDue()));
    } finally {
      await Promise.all(senders.map((racing) => racing.stop()));
    }
    await waitFor(() => sink.received.some((mail) => mail.subject === "Outbox test race"));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.received.filter((mail) => mail.subject === "Outbox test race")).toHaveLength(1);
  });
});
