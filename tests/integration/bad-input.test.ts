import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { dashboardLists } from "#app/modules/dashboard";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * Bad input gets 400 and a message, never a 5xx and never a trace of our code (issue 34, item 5):
 * a NUL (PostgreSQL refuses it in text) anywhere in a form, a JSON body or a query, on every route
 * of the route table and on the sign-in endpoint (whose rate limit once ran a query with it first);
 * and page numbers that are no page (1e20, Infinity, -5, abc, 1.5) on every paged staff list.
 */
const NUL = "\u0000";

/** A sample value for each route parameter, so a request reaches the route it names. */
const sampleParams: Record<string, string> = {
  slug: "no-such-event",
  eventId: "00000000-0000-4000-8000-000000000000",
  campaignId: "00000000-0000-4000-8000-000000000000",
  list: "community",
  provider: "ses",
  file: "track.mp3",
  messageId: "00000000-0000-4000-8000-000000000000",
};

function pathsOf(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path].filter(Boolean).join("/");
    return entry.children ? pathsOf(entry.children, path) : [`/${path}`.replace(/\/+$/, "") || "/"];
  });
}

const urls = [...new Set(pathsOf(routes as RouteConfigEntry[]))]
  .map((path) => (path === "/*" ? "/no-such-page" : path.replace(/:(\w+)/g, (_, name: string) => sampleParams[name] ?? "x")))
  // The dashboard's actions are the index route's: `?index` reaches them, as a browser's form does.
  .map((url) => (url === "/admin" ? "/admin?index" : url));

/** The fields any of our forms and endpoints read, each holding a NUL. */
const poisoned = {
  intent: "create",
  email: `ann${NUL}@example.com`,
  name: `Ann${NUL}`,
  subject: `Hello${NUL}`,
  message: `Hi${NUL}`,
  html: `Hi${NUL}`,
  title: `Evening${NUL}`,
  eventId: `${sampleParams.eventId}${NUL}`,
  token: `t${NUL}`,
  rid: `r${NUL}`,
  password: `secret-password${NUL}`,
};

describe("bad input gets 400 and a message, never a 5xx", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const admin = `input-admin-${Date.now().toString(36)}@example.com`;
  let cookie = "";

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: admin, RATE_LIMIT_MULTIPLIER: "100" }));
    cookie = await signInOverHttp(server.url, sink, admin);
  });
  afterAll(() => stopServerWithMail(server, sink));

  const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: BodyInit; signedIn?: boolean } = {}) =>
    fetch(`${server.url}${url}`, {
      method: init.method ?? "POST",
      redirect: "manual",
      headers: { Origin: server.url, ...(init.signedIn === false ? {} : { Cookie: cookie }), ...init.headers },
      body: init.body,
    }).then(async (response) => ({ status: response.status, type: response.headers.get("content-type") ?? "", body: await response.text() }));

  /** 400 with words for a person, and nothing of our code (no stack frame, no file of ours). */
  function expectRefusedPlainly(answer: { status: number; body: string }, where: string) {
    expect(answer.status, `${where}: ${answer.body.slice(0, 200)}`).toBe(400);
    expect(answer.body, where).toMatch(/NUL/);
    expect(answer.body, where).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/build\/server\/|\.ts:\d+/);
  }

  it("refuses a NUL in the e-mail of a sign-in link request before anything counts it (JSON and form)", async () => {
    const json = await send("/api/auth/sign-in/magic-link", { signedIn: false, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: `ann${NUL}@example.com` }) });
    expectRefusedPlainly(json, "JSON");
    expect(JSON.parse(json.body)).toEqual({ error: expect.stringContaining("email") });
    const form = await send("/api/auth/sign-in/magic-link", { signedIn: false, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email: `ann${NUL}@example.com` }) });
    expectRefusedPlainly(form, "form");
    const callback = await send("/api/auth/sign-in/magic-link", { signedIn: false, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "ann@example.com", callbackURL: `/welcome${NUL}` }) });
    expectRefusedPlainly(callback, "callbackURL");
    // A good request still works.
    expect((await send("/api/auth/sign-in/magic-link", { signedIn: false, headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email: "ann@example.com" }) })).status).toBe(200);
  });

  it("refuses a NUL on the password pages: sign-in, sign-in link, forgotten password, sign-up and reset", async () => {
    const forms: [string, Record<string, string>][] = [
      ["/login", { intent: "password", email: `ann${NUL}@example.com`, password: "long-enough-password" }],
      ["/login", { intent: "password", email: "ann@example.com", password: `long-enough${NUL}` }],
      ["/login", { intent: "link", email: `ann${NUL}@example.com` }],
      ["/login", { intent: "forgot", email: `ann${NUL}@example.com` }],
      ["/signup", { name: `Ann${NUL}`, email: "ann@example.com", password: "long-enough-password", confirmPassword: "long-enough-password" }],
      ["/signup", { name: "Ann", email: `ann${NUL}@example.com`, password: "long-enough-password", confirmPassword: "long-enough-password" }],
      ["/reset-password", { token: `token${NUL}`, password: "long-enough-password", confirmPassword: "long-enough-password" }],
    ];
    for (const [url, fields] of forms) {
      const answer = await send(url, { signedIn: false, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields) });
      expectRefusedPlainly(answer, `${url} ${JSON.stringify(fields)}`);
    }
  });

  it("answers every staff list with a page for a page number that is none", async () => {
    for (const list of ["/admin/activity", ...dashboardLists.map(({ key }) => `/admin?list=${key}`)]) {
      for (const page of ["1e20", "Infinity", "-Infinity", "-5", "abc", "1.5", "9007199254740993", "0x10", ""]) {
        const url = `${list}${list.includes("?") ? "&" : "?"}page=${encodeURIComponent(page)}`;
        const answer = await send(url, { method: "GET" });
        expect(answer.status, `${url}: ${answer.body.slice(0, 200)}`).toBe(200);
      }
    }
  });

  it.each(urls)("refuses a NUL in a form posted to %s (urlencoded and multipart)", async (url) => {
    expectRefusedPlainly(await send(url, { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(poisoned) }), "urlencoded");
    const multipart = new FormData();
    for (const [name, value] of Object.entries(poisoned)) multipart.set(name, value);
    // A file may hold any byte: only the text fields count.
    multipart.set("imageFile", new File([new Uint8Array([0, 1, 2, 0])], "picture.png", { type: "image/png" }));
    expectRefusedPlainly(await send(url, { body: multipart }), "multipart");
  });

  it.each(urls.filter((url) => url.startsWith("/api/")))("refuses a NUL anywhere in the JSON posted to %s with { error }", async (url) => {
    for (const body of [poisoned, { to: ["ann@example.com", `bob${NUL}@example.com`], subject: "S", html: "H" }, { emails: [{ address: `x${NUL}` }] }]) {
      const answer = await send(url, { headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expectRefusedPlainly(answer, JSON.stringify(body));
      expect(answer.type).toContain("application/json");
      expect(JSON.parse(answer.body)).toEqual({ error: expect.any(String) });
    }
  });

  it("answers a NUL in an address or a query without a 5xx: a search with 400, a slug or a token as unknown", async () => {
    for (const url of [
      "/admin/eventreservations?q=%00",
      "/admin/activity?person=a%00b",
      "/admin?q=%00",
      "/admin/eventmanagement?edit=%00",
      "/events/%00",
      "/reservations/cancel?token=%00",
      "/waiting-list/offer?token=%00",
      "/unsubscribe?token=%00",
      "/reset-password?token=%00",
      "/login/link?token=%00",
      "/login/campaign?token=%00",
      "/invitation?rid=%00&email=a%00b",
      "/api/getAttendeeData?rid=%00",
      "/admin/eventreservations/%00/check-in",
      "/admin/eventreservations/%00/guests.csv",
      "/admin/communications/campaigns/%00",
      "/media/audio/%00.mp3",
    ]) {
      const answer = await send(url, { method: "GET" });
      // A search refuses it (400); an id, a slug or a token with one names nothing (404, or the link page saying so); other parameters ignore it.
      expect(answer.status, url).toBeLessThan(500);
      if (/[?&](q|person)=/.test(url)) expect(answer.status, url).toBe(400);
      expect(answer.body, url).not.toMatch(/\bat .+:\d+:\d+|node_modules|\.ts:\d+/);
    }
  });

  it("still takes a form, a JSON body and an upload without a NUL, line breaks included", async () => {
    const form = await send("/newsletter", { signedIn: false, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email: "news@example.com" }) });
    expect(form.status).toBe(200);
    const api = await send("/api/sendAnnouncement", { headers: { "Content-Type": "application/json" }, body: JSON.stringify({ to: ["line@example.com"], subject: "Lines", html: "One\nTwo\r\n\tThree" }) });
    expect(api.status, api.body).toBe(200);
  });
});
