import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignLinkIn, campaignsOnPage, mailsTo, sendMagicLinks } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * POST /api/statsCommunity and the campaign figures over HTTP: who may ask, what bad input gets,
 * a click counted only by the link's POST (never a scanner's GET), and a play through that link.
 */
describe("community stats", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let admin: string;
  let member: string;
  const stamp = Date.now().toString(36);
  const address = (name: string) => `${name}-${stamp}@example.com`;
  const bearer = (cookie: string) => decodeURIComponent(cookie.split("=")[1]!);

  const stats = (body: unknown, auth: { cookie?: string; bearer?: string } = {}) =>
    fetch(`${server.url}/api/statsCommunity`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(auth.cookie ? { Cookie: auth.cookie, Origin: server.url } : {}),
        ...(auth.bearer ? { Authorization: `Bearer ${auth.bearer}` } : {}),
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: "boss@example.com", RATE_LIMIT_MULTIPLIER: "100" }));
    admin = await signInOverHttp(server.url, sink, "boss@example.com");
    member = await signInOverHttp(server.url, sink, address("member"));
  }, 200_000);
  afterAll(() => stopServerWithMail(server, sink));

  it("answers 401 without a session, 403 to a member, 400 to bad input, and staff by cookie or bearer", async () => {
    const visitor = await stats({ emails: [] });
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "Please log in to access this page." });
    expect((await stats({ emails: [] }, { bearer: bearer(member) })).status).toBe(403);
    expect((await stats({ emails: [] }, { cookie: member })).status).toBe(403);

    const bad = async (payload: unknown) => {
      const response = await stats(payload, { cookie: admin });
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    expect(await bad("{not json")).toBe("The request body must be valid JSON.");
    expect(await bad({})).toBe("The request body must be a JSON object with emails, a list of addresses.");
    expect(await bad({ emails: "a@example.com" })).toBe("The request body must be a JSON object with emails, a list of addresses.");
    expect(await bad({ emails: [1] })).toBe("The request body must be a JSON object with emails, a list of addresses.");
    expect(await bad({ emails: Array.from({ length: 10_001 }, (_, index) => `p${index}@example.com`) })).toBe("At most 10000 e-mails per request.");

    const byCookie = await stats({ emails: ["Nobody@Example.com"] }, { cookie: admin });
    expect(byCookie.status).toBe(200);
    expect(await byCookie.json()).toEqual({ clickedMap: { "Nobody@Example.com": null }, playCountMap: { "Nobody@Example.com": 0 } });
    const byBearer = await stats({ emails: [] }, { bearer: bearer(admin) });
    expect(await byBearer.json()).toEqual({ clickedMap: {}, playCountMap: {} });
    // A cookie from another site is refused before the endpoint (the staff endpoints' Origin rule).
    const forged = await fetch(`${server.url}/api/statsCommunity`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: admin, Origin: "https://evil.example" },
      body: JSON.stringify({ emails: [] }),
    });
    expect(forged.status).toBe(403);
  });

  it("counts a click only when the link's button posts, and a play through that link, in the stats and on the campaign", async () => {
    const reader = address("reader");
    const listener = ` ${reader.toUpperCase()} `;
    const sent = await sendMagicLinks(server.url, { campaign: "autumn_recording", emails: [reader, address("idle")], subject: "New music", html: "Hello {{name}}: {{link}}" }, { cookie: admin });
    expect(await sent.json()).toEqual({ sent: 2 });
    const link = campaignLinkIn(await waitFor(() => mailsTo(sink, reader)[0]));

    // A scanner's GET is not a click.
    expect((await fetch(link)).status).toBe(200);
    const before = (await (await stats({ emails: [listener] }, { cookie: admin })).json()) as { clickedMap: Record<string, string | null> };
    expect(before.clickedMap[listener]).toBeNull();

    const pressed = await fetch(`${server.url}/login/campaign`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ intent: "continue", token: new URL(link).searchParams.get("token")! }),
    });
    expect(pressed.status).toBe(302);
    const landing = new URL(pressed.headers.get("location")!, server.url);
    const session = pressed.headers.getSetCookie().find((cookie) => cookie.startsWith("harmonia.session_token="))!.split(";")[0]!;

    const play = (position: number) =>
      fetch(`${server.url}/api/trackAudio`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: session, Origin: server.url },
        body: JSON.stringify({
          trackSrc: "/media/audio/still-water.mp3",
          trackTitle: "Still Water",
          action: "play",
          position,
          rid: landing.searchParams.get("rid"),
          campaign: landing.searchParams.get("campaign"),
        }),
      });
    expect((await play(0)).status).toBe(204);
    // Resuming in the middle of the track is not a new play (plays.ts).
    expect((await play(42)).status).toBe(204);

    const after = (await (await stats({ emails: [listener, address("idle")] }, { bearer: bearer(admin) })).json()) as {
      clickedMap: Record<string, string | null>;
      playCountMap: Record<string, number>;
    };
    expect(after.clickedMap[listener]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(after.playCountMap[listener]).toBe(1);
    expect(after.clickedMap[address("idle")]).toBeNull();
    expect(after.playCountMap[address("idle")]).toBe(0);

    const [campaign] = await campaignsOnPage(server.url, admin);
    expect(campaign!.counts).toMatchObject({ Recipients: "2", Clicked: "1", Listened: "1", Plays: "1", Unsubscribed: "0" });
  });
});
