import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { audioEvents } from "#db/schema";
import { openDatabase } from "#app/lib/db.server";
import { audioEventLimits } from "#app/modules/music/record-audio-event.server";
import { signInOverHttp } from "#tests/support/http-session";
import { SmtpSink } from "#tests/support/smtp-sink";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/** POST /api/trackAudio over HTTP against the production build: what it stores and what it refuses. */
describe("listening analytics endpoint", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;
  let memberCookie = "";
  const stamp = Date.now().toString(36);
  const memberEmail = `listener-${stamp}@example.com`;
  const visitorSession = `anon_${Date.now()}_visitor${stamp}`;

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    databaseUrl = await createEmptyDatabase();
    dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), "harmonia-track-audio-"));
    server = await startTestServer({
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
    });
    memberCookie = await signInOverHttp(server.url, sink, memberEmail);
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const visitorPlay = {
    userEmail: null,
    userId: null,
    trackSrc: "/media/audio/still-water.mp3",
    trackTitle: "Still Water",
    action: "play",
    position: 0,
    duration: 184.32,
    rid: "eHcNyW0wyuHb6XdCDb3xKP4ut1GYNO2g",
    campaign: "autumn-letter",
    anonymousSessionId: visitorSession,
  };

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/trackAudio`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

  it("stores a visitor's play with its attribution and answers 204", async () => {
    const response = await post(visitorPlay);
    expect(response.status).toBe(204);
    // The duration is optional: a stream whose length the browser does not know sends none.
    const { duration: _duration, ...withoutDuration } = visitorPlay;
    expect((await post({ ...withoutDuration, action: "pause", position: 12.5 })).status).toBe(204);
  });

  it("records a member as the session says, whoever the payload claims to be", async () => {
    const response = await post(
      { ...visitorPlay, userEmail: "someone-else@example.com", userId: "not-me", anonymousSessionId: null, action: "ended", position: 184.32, rid: null, campaign: null },
      { Cookie: memberCookie },
    );
    expect(response.status).toBe(204);
  });

  it.each([
    ["an unknown action", { ...visitorPlay, action: "rewind" }, "action must be play, pause or ended."],
    ["a missing track", { ...visitorPlay, trackSrc: undefined }, "trackSrc is required."],
    ["a negative position", { ...visitorPlay, position: -3 }, "position cannot be negative."],
    ["a position that is not a number", { ...visitorPlay, position: "12" }, "position must be a number of seconds."],
    ["a malformed anonymous session", { ...visitorPlay, anonymousSessionId: "me" }, "anonymousSessionId must look like anon_<timestamp>_<random>."],
    ["an over-long title", { ...visitorPlay, trackTitle: "x".repeat(501) }, "trackTitle is too long (at most 500 characters)."],
    ["a list instead of an object", [visitorPlay], "The body must be a JSON object."],
  ])("refuses %s with 400 and says what is wrong", async (_case, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe(message);
  });

  it("refuses a body that is not JSON, and one that is too large, with 400", async () => {
    const notJson = await post("{action: play");
    expect(notJson.status).toBe(400);
    expect(await errorOf(notJson)).toBe("The request body must be valid JSON.");

    const oversized = await post({ ...visitorPlay, trackTitle: "x".repeat(4000) });
    expect(oversized.status).toBe(400);
    expect(await errorOf(oversized)).toMatch(/too large/);
  });

  it("answers other methods with 405", async () => {
    const response = await fetch(`${server.url}/api/trackAudio`);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("limits a burst from one session without holding back another listener", async () => {
    const burst = { ...visitorPlay, anonymousSessionId: `anon_${Date.now()}_burst${stamp}`, rid: null, campaign: "burst" };
    const statuses: number[] = [];
    for (let sent = 0; sent < audioEventLimits.perSession.limit + 3; sent += 1) {
      statuses.push((await post({ ...burst, position: sent })).status);
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(audioEventLimits.perSession.limit);
    const refused = await post(burst);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toBe("Too many listening events from this session. Please slow down.");

    expect((await post({ ...visitorPlay, action: "pause", position: 30 })).status).toBe(204);
  });

  it("stored exactly the accepted events, with the server's idea of who listened", async () => {
    await server.stop();
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
    try {
      const rows = await handle.db.select().from(audioEvents).orderBy(asc(audioEvents.id));
      expect(rows).toHaveLength(4 + audioEventLimits.perSession.limit);
      const [play, pause, ended] = rows;
      // Stored field for field as sent.
      expect(play).toMatchObject(visitorPlay);
      expect(play!.receivedAt).toBeInstanceOf(Date);
      expect(pause).toMatchObject({ action: "pause", position: 12.5, duration: null });
      expect(ended).toMatchObject({ action: "ended", userEmail: memberEmail, anonymousSessionId: null, rid: null });
      expect(ended!.userId).toMatch(/^[0-9a-f-]{36}$/);
      expect(rows.filter((row) => row.campaign === "burst")).toHaveLength(audioEventLimits.perSession.limit);
    } finally {
      await handle.close();
    }
  });
});
