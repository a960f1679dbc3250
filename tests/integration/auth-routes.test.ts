import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, linkIn, SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * better-auth's routes as a hostile client reaches them over HTTP: only the few the site uses are
 * there, and none of them undoes a rule of our pages (docs/decisions/012).
 */
describe("better-auth behind our rules", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let addresses = 0;
  const adminEmail = `boss-${Date.now()}@example.com`;

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    // The limits have their own tests (password-auth); here many requests come from one client.
    server = await startTestServer({
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: adminEmail,
      RATE_LIMIT_MULTIPLIER: "50",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${++addresses}@example.com`;
  const bearer = (cookie: string) => `Bearer ${decodeURIComponent(cookie.split("=")[1]!)}`;
  const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/json", Origin: server.url, ...headers },
      body: JSON.stringify(body),
    });
  const postForm = (path: string, body: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(body),
    });
  const askForLink = (body: Record<string, unknown>) => postJson("/api/auth/sign-in/magic-link", body);

  it("answers a raw sign-up the same way for a known and a new address", async () => {
    const known = newEmail("known");
    const signedUp = await postForm("/signup", { name: "Ann Lee", email: known, password: "long enough", confirmPassword: "long enough" });
    expect(signedUp.status).toBe(200);
    await waitForMail(sink, known);

    const signUp = async (email: string) => {
      const response = await postJson("/api/auth/sign-up/email", { name: "Eve", email, password: "long enough pw" });
      return { status: response.status, body: (await response.text()).replaceAll(email, "<address>") };
    };
    const forKnown = await signUp(known);
    const forNew = await signUp(newEmail("new"));
    expect(forKnown).toEqual(forNew);
    expect(forKnown.status).toBe(404);
  });

  it("sends our own sign-in e-mail whatever metadata or name the client sends", async () => {
    const phishing = "Your account is locked. Call +1 555 0100 and read us your card number. ".repeat(28_000);
    const huge = await askForLink({ email: newEmail("huge"), metadata: { purpose: "community-welcome", name: phishing } });
    // A body limit in front may refuse it outright; if it gets through, the text is dropped.
    expect([200, 413]).toContain(huge.status);

    const email = newEmail("purpose");
    const asked = await askForLink({ email, name: "Call +1 555 0100 now", metadata: { purpose: "reset-password", name: "Call +1 555 0100" } });
    expect(asked.status).toBe(200);
    const mail = await waitForMail(sink, email);
    expect(mail.subject).toMatch(/sign-in link$/);
    expect(decodedBody(mail)).not.toContain("555 0100");
    expect(decodedBody(mail)).not.toContain("reset the password");
    expect(linkIn(mail, "/login/link?")).toBeTruthy();

    const bogus = newEmail("bogus");
    const unknownPurpose = await askForLink({ email: bogus, metadata: { purpose: "bogus" } });
    expect(unknownPurpose.status).toBe(200);
    expect((await waitForMail(sink, bogus)).subject).toMatch(/sign-in link$/);

    if (huge.status === 200) {
      const mails = sink.received.filter((received) => received.raw.includes("555 0100"));
      expect(mails).toEqual([]);
    }
  });

  it("refuses better-auth's GET verification; the link still works through our page's button", async () => {
    const email = newEmail("get-verify");
    expect((await askForLink({ email, callbackURL: "/welcome" })).status).toBe(200);
    const token = new URL(linkIn(await waitForMail(sink, email), "/login/link?")).searchParams.get("token")!;

    const viaGet = await fetch(`${server.url}/api/auth/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=%2Fwelcome`, {
      redirect: "manual",
    });
    expect(viaGet.status).toBe(404);
    expect(viaGet.headers.getSetCookie()).toEqual([]);

    const viaPage = await postForm("/login/link", { token, next: "/welcome" });
    expect(viaPage.status).toBe(302);
    expect(viaPage.headers.getSetCookie().some((cookie) => cookie.startsWith("harmonia.session_token="))).toBe(true);
  });

  it("answers 404 JSON for every better-auth route the site does not use", async () => {
    const adminCookie = await signInOverHttp(server.url, sink, adminEmail);
    const asAdmin = { Authorization: bearer(adminCookie), Cookie: adminCookie };
    const refused = [
      fetch(`${server.url}/api/auth/admin/list-users`, { headers: asAdmin }),
      fetch(`${server.url}/api/auth/list-sessions`, { headers: asAdmin }),
      postJson("/api/auth/update-user", { name: "Mallory" }, asAdmin),
      postJson("/api/auth/sign-in/email", { email: adminEmail, password: "whatever it is" }),
      postJson("/api/auth/request-password-reset", { email: adminEmail }),
      postJson("/api/auth/sign-in/magic-link/", { email: adminEmail }),
      fetch(`${server.url}/api/auth/get-session/`, { headers: asAdmin }),
      fetch(`${server.url}/api/auth/magic-link%2Fverify?token=x`),
      fetch(`${server.url}/api/auth/ok`),
      fetch(`${server.url}/api/auth`),
      fetch(`${server.url}/api/auth/get-session`, { method: "DELETE", headers: { Origin: server.url } }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status, response.url).toBe(404);
      expect(await response.json()).toEqual({ error: "Not found" });
    }
  });

  it("never gives a session's token back in get-session, by cookie or by bearer token", async () => {
    const email = newEmail("session");
    const cookie = await signInOverHttp(server.url, sink, email);
    const asCookie: Record<string, string> = { Cookie: cookie };
    const asBearer: Record<string, string> = { Authorization: bearer(cookie) };
    for (const headers of [asCookie, asBearer]) {
      const response = await fetch(`${server.url}/api/auth/get-session`, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("set-auth-token")).toBeNull();
      const text = await response.text();
      const body = JSON.parse(text) as { user: { email: string }; session: Record<string, unknown> };
      expect(body.user.email).toBe(email);
      expect(body.session.id).toBeTruthy();
      expect(body.session).not.toHaveProperty("token");
      expect(text).not.toContain(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!);
    }
  });

  it("keeps `next` on our site, tab or no tab, in the e-mailed link and after pressing its button", async () => {
    const email = newEmail("next");
    expect((await askForLink({ email, callbackURL: "/\t/evil.example" })).status).toBe(200);
    const link = new URL(linkIn(await waitForMail(sink, email), "/login/link?"));
    // What is not a path of ours becomes the page of the person's role (/signed-in).
    expect(link.searchParams.get("next")).toBe("/signed-in");

    const page = await fetch(`${server.url}/login/link?token=x&next=/%09/evil.example`);
    expect(await page.text()).toMatch(/<input type="hidden" name="next" value="\/signed-in"\/>/);

    const signedIn = await postForm("/login/link", { token: link.searchParams.get("token")!, next: "/\t/evil.example" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/signed-in");
    // ... which takes a member to the welcome page.
    const cookie = signedIn.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
    const landed = await fetch(`${server.url}/signed-in`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(landed.headers.get("location")).toBe("/welcome");
  });

  it("answers malformed requests to the mounted routes with a 4xx, never a 500", async () => {
    const raw = (body: string) =>
      fetch(`${server.url}/api/auth/sign-in/magic-link`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: server.url },
        body,
      });
    for (const response of [await raw("{not json"), await raw("[]"), await raw('"text"'), await askForLink({ email: 42 }), await askForLink({})]) {
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    const garbage = await fetch(`${server.url}/api/auth/get-session`, { headers: { Authorization: "Bearer nonsense.token", Cookie: "harmonia.session_token=x.y" } });
    expect(garbage.status).toBe(200);
    expect(await garbage.json()).toBeNull();
  });

  it("sends a confirmation link's callbackURL nowhere but our own pages", async () => {
    const response = await fetch(`${server.url}/api/auth/verify-email?token=spoilt&callbackURL=https%3A%2F%2Fevil.example%2F`, {
      redirect: "manual",
    });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("location") ?? "").not.toContain("evil.example");
  });
});
