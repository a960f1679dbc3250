import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignsOnPage, mailsTo, sendMagicLinks } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { SmtpSink } from "#tests/support/smtp-sink";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * A server killed (SIGKILL) in the middle of a campaign, then started again on the same
 * database: every recipient gets the message, and nobody gets two different ones. A message whose
 * send was cut off may arrive twice with the same Message-ID (at-least-once delivery; the mail
 * client shows it once), at most one per SMTP connection; the ledger never writes a second message
 * for a recipient.
 */
describe("a campaign survives a crash of its server", () => {
  let sink: SmtpSink;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    databaseUrl = await createEmptyDatabase();
    dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), "harmonia-campaign-crash-"));
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await sink?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const server = await startTestServer({
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: "boss@example.com",
      RATE_LIMIT_MULTIPLIER: "100",
      // What the killed server had claimed comes back when its hold runs out: 5 s, not the default minute.
      OUTBOX_LEASE_SECONDS: "5",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
    });
    servers.push(server);
    return server;
  };

  it("delivers to every recipient after a kill mid-campaign, one message each", async () => {
    const people = Array.from({ length: 1200 }, (_, index) => `crash${index}@example.com`);
    const first = await start();
    const admin = await signInOverHttp(first.url, sink, "boss@example.com");
    const response = await sendMagicLinks(first.url, { emails: people, subject: "After the crash", html: "Hi {{name}}: {{link}}" }, { cookie: admin });
    expect(await response.json()).toEqual({ sent: people.length });

    const received = () => sink.received.filter((mail) => mail.subject === "After the crash");
    await waitFor(() => received().length >= 30, 60_000);
    first.process.kill("SIGKILL");
    await first.stop();
    const atCrash = new Set(received().flatMap((mail) => mail.to)).size;
    expect(atCrash).toBeLessThan(people.length);

    const second = await start();
    // Rows a dead sender had claimed come back when their 5 s lease runs out.
    await waitFor(() => people.every((email) => mailsTo(sink, email).length > 0), 150_000);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const messageIdsPerPerson = people.map((email) => new Set(mailsTo(sink, email).map((mail) => mail.messageId)).size);
    expect(messageIdsPerPerson.every((count) => count === 1)).toBe(true);
    expect(new Set(received().map((mail) => mail.messageId)).size).toBe(people.length);
    // Each delivery is written as it happens: the kill repeats at most the messages whose SMTP answer
    // was in flight, one per connection (MAIL_MAX_CONNECTIONS, 5 by default), never a whole batch.
    expect(received().length - people.length).toBeLessThanOrEqual(5);

    // A message the kill cut off after the SMTP server had taken it is in the sink already, but its
    // row stays 'sending' until its lease runs out and it is sent again (same Message-ID): the
    // campaign completes only then.
    const campaign = await waitFor(async () => {
      const [shown] = await campaignsOnPage(second.url, admin);
      return shown?.status === "Completed" ? shown : undefined;
    }, 120_000);
    expect(campaign.counts).toMatchObject({ Recipients: String(people.length), Sent: String(people.length), Failed: "0", Queued: "0" });
  }, 300_000);
});
