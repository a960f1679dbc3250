import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { signInOverHttp } from "#tests/support/http-session";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

describe("sign-in links", () => {
  let server: TestServer;
  let sink: SmtpSink;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: "boss@example.com" }));
  });
  afterAll(() => stopServerWithMail(server, sink));

  const post = (path: string, body: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(body),
    });

  it("e-mails a link to our page; opening it signs nobody in, pressing its button does, once", async () => {
    const email = `link-${Date.now()}@example.com`;
    const asked = await fetch(`${server.url}/api/auth/sign-in/magic-link`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ email, callbackURL: "/welcome" }),
    });
    expect(asked.status).toBe(200);
    const link = linkIn(await waitForMail(sink, email), "/login/link?");
    const url = new URL(link);
    expect(url.pathname).toBe("/login/link");

    // A link scanner's GET: the page renders and the token stays usable.
    const scanned = await fetch(link);
    expect(scanned.status).toBe(200);
    expect(scanned.headers.getSetCookie()).toEqual([]);
    expect(await scanned.text()).toContain("Press the button to finish signing in");

    const token = url.searchParams.get("token")!;
    const signedIn = await post("/login/link", { token, next: "/welcome" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/welcome");
    const cookies = signedIn.headers.getSetCookie();
    const sessionCookie = cookies.find((cookie) => cookie.startsWith("harmonia.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);

    const home = await fetch(`${server.url}/`, { headers: { Cookie: sessionCookie!.split(";")[0]! } });
    expect(await home.text()).toContain(email);

    const again = await post("/login/link", { token, next: "/welcome" });
    expect(again.status).toBe(200);
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(await again.text()).toContain("This sign-in link has expired or has already been used");
  });

  it("lets staff in by cookie or bearer token, and answers others with the spec's messages", async () => {
    const adminCookie = await signInOverHttp(server.url, sink, "Boss@Example.com");
    const memberCookie = await signInOverHttp(server.url, sink, `member-${Date.now()}@example.com`);
    const bearer = (cookie: string) => `Bearer ${decodeURIComponent(cookie.split("=")[1]!)}`;

    expect((await fetch(`${server.url}/admin`, { headers: { Cookie: adminCookie } })).status).toBe(200);
    expect((await fetch(`${server.url}/admin`, { headers: { Authorization: bearer(adminCookie) } })).status).toBe(200);

    const member = await fetch(`${server.url}/admin`, { headers: { Authorization: bearer(memberCookie) } });
    expect(member.status).toBe(403);
    expect(await member.text()).toContain("You are not authorized to view this page.");

    // better-auth's own admin endpoints are not reachable over HTTP, not even for staff: the
    // staff pages are ours and follow the allow-list (docs/decisions/012).
    const listUsers = (authorization?: string) =>
      fetch(`${server.url}/api/auth/admin/list-users`, { headers: authorization ? { Authorization: authorization } : {} });
    expect((await listUsers(bearer(adminCookie))).status).toBe(404);
    expect((await listUsers(bearer(memberCookie))).status).toBe(404);
    expect((await listUsers()).status).toBe(404);

    const visitor = await fetch(`${server.url}/admin/eventreservations`);
    expect(visitor.status).toBe(401);
    expect(await visitor.text()).toContain("Please log in to access this page.");
  });

  it("ends the session on the server at logout", async () => {
    const cookie = await signInOverHttp(server.url, sink, `leaving-${Date.now()}@example.com`);
    const loggedOut = await fetch(`${server.url}/logout`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(loggedOut.status).toBe(302);
    expect(loggedOut.headers.get("location")).toBe("/");
    // The browser forgets what it kept for the site: the door's service worker, its kept pages, IndexedDB (decision 068).
    expect(loggedOut.headers.get("clear-site-data")).toBe('"cache", "storage"');
    // The old cookie, replayed, no longer belongs to anyone.
    const replayed = await fetch(`${server.url}/about`, { headers: { Cookie: cookie } });
    expect(await replayed.text()).not.toContain("leaving-");
  });
});
