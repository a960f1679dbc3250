import { mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "#db/schema";
import { openDatabase } from "#app/lib/db.server";
import { slugForEvent } from "#app/modules/events/event-slug";
import { SmtpSink } from "#tests/support/smtp-sink";
import { startTestServer, type TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * SIGTERM as systemd sends it during a rolling upgrade (docs/decisions/046): /readyz turns 503 at
 * once, the port closes after SHUTDOWN_DRAIN_SECONDS, a request in progress still gets its answer,
 * the outbox sender finishes the message in flight and gives back the rest of its batch, and the
 * process exits 0 well within 10 s, logging each step once.
 */
describe("graceful shutdown", () => {
  let sink: SmtpSink;
  let server: TestServer;
  // The embedded database's folder, opened again after the exit to read the outbox.
  const dataDir = mkdtempSync(path.join(tmpdir(), "harmonia-shutdown-"));
  let slug: string;

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    server = await startTestServer({
      ...(onPostgres ? {} : { DATA_DIR: dataDir }),
      SMTP_URL: sink.url,
      // One connection: a slow mail server then keeps the rest of a claimed batch waiting.
      MAIL_MAX_CONNECTIONS: "1",
      SHUTDOWN_DRAIN_SECONDS: "1",
      RATE_LIMIT_MULTIPLIER: "50",
    });
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)![1]!;
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const form = (guest: string) => new URLSearchParams({ name: `Guest ${guest}`, email: `${guest}@example.com`, phone: "6195550100", seats: "1" }).toString();
  const reserve = (guest: string) =>
    fetch(`${server.url}/events/${slug}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: form(guest),
    });

  it("answers /readyz with 200 while it serves", async () => {
    const response = await fetch(`${server.url}/readyz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ready: true });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("on SIGTERM: 503 from /readyz, then refuses connections, finishes the open request, gives back unsent leases, exits 0 within 10 s", async () => {
    // The first confirmation takes 3 s to be answered; three more reservations meanwhile make the
    // next batch, whose first message is in flight when the signal comes and the other two unsent.
    sink.answerAfter(3000);
    const guests = ["first", "second", "third", "fourth"];
    expect((await reserve(guests[0]!)).status).toBe(200);
    await waitFor(() => sink.received.length >= 1, 10_000);
    for (const guest of guests.slice(1)) expect((await reserve(guest)).status).toBe(200);
    await waitFor(() => sink.received.length >= 2, 10_000);

    // A reservation whose body is still on its way when the signal comes.
    const slowBody = form("slow");
    const socket = net.connect(Number(new URL(server.url).port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    const answered = new Promise((resolve) => socket.once("end", resolve));
    socket.write(
      `POST /events/${slug}/reserve HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nOrigin: ${server.url}\r\n` +
        `Content-Type: application/x-www-form-urlencoded\r\nContent-Length: ${Buffer.byteLength(slowBody)}\r\n\r\n${slowBody.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = new Promise<number | null>((resolve) => server.process.once("exit", (code) => resolve(code)));
    const signalled = Date.now();
    server.process.kill("SIGTERM");
    await waitFor(() => server.output().includes("/readyz answers 503"), 5000);
    const readiness = await fetch(`${server.url}/readyz`);
    expect(readiness.status).toBe(503);
    expect(await readiness.json()).toEqual({ ready: false, reason: "shutting down" });

    await waitFor(() => server.output().includes("no longer accepting connections"), 5000);
    // A new connection, by hand: fetch could reuse the kept-alive socket of the /readyz answer above.
    const refused = await new Promise<string | undefined>((resolve) => {
      const probe = net.connect(Number(new URL(server.url).port), "127.0.0.1");
      probe.once("connect", () => {
        probe.destroy();
        resolve("answered");
      });
      probe.once("error", (error: Error & { code?: string }) => resolve(error.code));
    });
    expect(refused).toBe("ECONNREFUSED");

    socket.write(slowBody.slice(10));
    await answered;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain("connection: close");
    expect(answer).toContain("Reservation Confirmed!");

    const code = await exited;
    const shutdownSeconds = (Date.now() - signalled) / 1000;
    const output = server.output();
    expect(code, output).toBe(0);
    expect(shutdownSeconds).toBeLessThan(10);
    for (const step of [
      "SIGTERM: shutting down; /readyz answers 503",
      "no longer accepting connections",
      "open requests finished",
      "outbox sender stopped",
      "job runner stopped",
      "database closed",
      "[server] stopped in",
    ]) {
      expect(output.split(step).length - 1, `${step} in\n${output}`).toBe(1);
    }
    const givenBack = Number(/gave back (\d+) claimed but unsent/.exec(output)?.[1] ?? 0);
    expect(givenBack, output).toBeGreaterThanOrEqual(2);

    // Nothing stays leased: each confirmation was sent once or waits, claimable by any sender now.
    const recipients = [...guests, "slow"].map((guest) => `${guest}@example.com`);
    const database = await openDatabase(onPostgres ? { databaseUrl: server.databaseUrl } : { dataDir });
    try {
      const rows = await database.db.select().from(outbox).where(inArray(outbox.recipient, recipients));
      expect(rows).toHaveLength(recipients.length);
      const waiting = rows.filter((row) => row.status !== "sent");
      expect(waiting.length).toBeGreaterThanOrEqual(givenBack);
      for (const row of waiting) expect(row).toMatchObject({ status: "pending", lockedBy: null, lockedUntil: null });
      for (const row of rows.filter((candidate) => candidate.status === "sent")) {
        expect(sink.received.filter((mail) => mail.to.includes(row.recipient))).toHaveLength(1);
      }
      if (onPostgres) {
        // The stopping instance asked whichever instance's worker takes it to send what is due now.
        const wakes = await database.executeSql("select state from pgboss.job where name = 'outbox-wake'");
        expect(wakes.rows.length).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await database.close();
    }

    if (onPostgres) {
      // A second instance on the same database sends what was given back at once, not a lease (60 s) later.
      sink.answerAfter(0);
      const next = await startTestServer({ DATABASE_URL: server.databaseUrl!, SMTP_URL: sink.url });
      try {
        const started = Date.now();
        await waitFor(() => recipients.every((to) => sink.received.some((mail) => mail.to.includes(to))), 15_000);
        expect(Date.now() - started).toBeLessThan(15_000);
        for (const to of recipients) expect(sink.received.filter((mail) => mail.to.includes(to)), to).toHaveLength(1);
      } finally {
        expect(await next.stop()).toBe(0);
      }
    }
  }, 120_000);
});
