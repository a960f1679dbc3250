import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "#tests/support/http-session";
import { linkIn, SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const audioDir = path.resolve(import.meta.dirname, "../../media/audio");
const sizeOf = (file: string) => readFileSync(path.join(audioDir, file)).length;

describe("protected audio", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const staffEmail = `staff-listener-${stamp}@example.com`;
  const memberEmail = `plain-member-${stamp}@example.com`;
  let staffCookie = "";
  let memberCookie = "";

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    // No demo content: the music library is part of the site and must be there regardless.
    server = await startTestServer({ SMTP_URL: sink.url, SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: staffEmail });
    staffCookie = await signInOverHttp(server.url, sink, staffEmail);
    memberCookie = await signInOverHttp(server.url, sink, memberEmail);
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  const audio = (file: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/media/audio/${file}`, { headers, redirect: "manual" });
  const bodyLength = async (response: Response) => (await response.arrayBuffer()).byteLength;

  it("streams the public track to anyone, privately cached, with ranges offered", async () => {
    const response = await audio("still-water.mp3");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toMatch(/^private/);
    expect(await bodyLength(response)).toBe(sizeOf("still-water.mp3"));
  });

  it("refuses member and friend tracks to a visitor with 403 and no bytes", async () => {
    for (const file of ["soledad-dusk.mp3", "slow-tide.mp3", "candle-hours.mp3"]) {
      const response = await audio(file);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toBeNull();
      expect(await bodyLength(response)).toBe(0);
    }
  });

  it("refuses member tracks to a signed-in member without music access", async () => {
    const response = await audio("soledad-dusk.mp3", { Cookie: memberCookie });
    expect(response.status).toBe(403);
    expect(await bodyLength(response)).toBe(0);
  });

  it("streams member tracks to staff, whole and by range", async () => {
    const size = sizeOf("slow-tide.mp3");
    const whole = await audio("slow-tide.mp3", { Cookie: staffCookie });
    expect(whole.status).toBe(200);
    expect(await bodyLength(whole)).toBe(size);

    const part = await audio("slow-tide.mp3", { Cookie: staffCookie, Range: "bytes=100-1099" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1099/${size}`);
    expect(part.headers.get("content-length")).toBe("1000");
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.equals(readFileSync(path.join(audioDir, "slow-tide.mp3")).subarray(100, 1100))).toBe(true);

    const tail = await audio("slow-tide.mp3", { Cookie: staffCookie, Range: "bytes=-500" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(await bodyLength(tail)).toBe(500);

    const beyond = await audio("slow-tide.mp3", { Cookie: staffCookie, Range: `bytes=${size}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(await bodyLength(beyond)).toBe(0);
  });

  it("opens the friend track to a browser that visited the friend page, and nothing more", async () => {
    const page = await fetch(`${server.url}/friend`);
    expect(page.status).toBe(200);
    const passCookie = page.headers.getSetCookie().find((cookie) => cookie.startsWith("harmonia.friend_pass="));
    expect(passCookie).toMatch(/HttpOnly/i);
    expect(passCookie).toMatch(/Path=\/media\/audio/i);
    const pass = passCookie!.split(";")[0]!;

    expect((await audio("candle-hours.mp3", { Cookie: pass })).status).toBe(200);
    expect((await audio("soledad-dusk.mp3", { Cookie: pass })).status).toBe(403);
    const forged = pass.replace(/=(\d+)\./, (_match, expiry: string) => `=${Number(expiry) + 3600}.`);
    expect((await audio("candle-hours.mp3", { Cookie: forged })).status).toBe(403);
  });

  it("answers 404 for files that are not in the library, and for any path trick", async () => {
    for (const file of [
      "unknown.mp3",
      "..%2F..%2Fpackage.json",
      "%2e%2e%2f%2e%2e%2fmedia%2faudio%2fstill-water.mp3",
      "..%5C..%5Cpackage.json",
      "still-water.mp3%00.txt",
      "STILL-WATER.MP3",
    ]) {
      const response = await audio(file);
      expect(response.status, file).toBe(404);
      expect(await bodyLength(response)).toBe(0);
    }
  });

  it("the friend page's form e-mails a link that gives the full playlist to that address only", async () => {
    const email = `friend-${stamp}@example.com`;
    const post = (body: Record<string, string>) =>
      fetch(`${server.url}/friend`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams(body),
      });

    const blank = await post({ name: "   ", email });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Please enter your name.");

    const sent = await post({ name: "Ana Friend", email });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Email Sent!");
    const link = new URL(linkIn(await waitForMail(sink, email), "/login/link?"));
    const next = link.searchParams.get("next")!;
    expect(next).toMatch(/^\/welcome\?gift=/);

    // Someone else signed in cannot use the gift.
    const stolen = await fetch(`${server.url}${next}`, { headers: { Cookie: memberCookie }, redirect: "manual" });
    expect(stolen.headers.get("location")).toBe("/welcome");
    expect((await audio("soledad-dusk.mp3", { Cookie: memberCookie })).status).toBe(403);

    const signInResponse = await fetch(`${server.url}/login/link`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ token: link.searchParams.get("token")!, next }),
    });
    expect(signInResponse.headers.get("location")).toBe(next);
    const cookie = signInResponse.headers.getSetCookie().find((value) => value.startsWith("harmonia.session_token="))!.split(";")[0]!;
    expect((await audio("soledad-dusk.mp3", { Cookie: cookie })).status).toBe(403);

    const landed = await fetch(`${server.url}${next}`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(landed.headers.get("location")).toBe("/welcome");
    expect((await audio("soledad-dusk.mp3", { Cookie: cookie })).status).toBe(200);
    // A member with music access seeks like anyone else: by range.
    const part = await audio("soledad-dusk.mp3", { Cookie: cookie, Range: "bytes=2000-2999" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 2000-2999/${sizeOf("soledad-dusk.mp3")}`);
    expect(await bodyLength(part)).toBe(1000);
  });

  it("limits the friend form's e-mails per address, with the clear message", async () => {
    const email = `eager-friend-${stamp}@example.com`;
    const post = () =>
      fetch(`${server.url}/friend`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams({ name: "Eager", email }),
      });
    for (let sent = 0; sent < 5; sent += 1) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(await refused.text()).toMatch(/Error: Too many attempts\. Please try again in \d+ minutes?\./);
  });
});
