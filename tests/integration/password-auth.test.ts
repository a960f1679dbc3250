import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * The password pages' actions and better-auth's endpoints over HTTP, as a browser without
 * JavaScript uses them. Each test comes from its own client address (the server trusts
 * X-Forwarded-For here), so the per-address limits of one test never touch another.
 */
describe("password accounts", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let clients = 0;
  let addresses = 0;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", TRUST_PROXY: "true" }));
  });
  afterAll(() => stopServerWithMail(server, sink));

  const newClient = () => {
    clients += 1;
    return `10.0.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
  };
  const newEmail = (prefix: string) => `${prefix}-${Date.now()}-${++addresses}@example.com`;
  const mailsTo = (email: string) => sink.received.filter((mail) => mail.to.includes(email)).length;

  const post = (path: string, body: Record<string, string>, client: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": client },
      body: new URLSearchParams(body),
    });

  /** The same path and query on the test server (e-mailed links name the configured public URL). */
  const onServer = (link: string) => {
    const url = new URL(link);
    return `${server.url}${url.pathname}${url.search}`;
  };

  /** Signs up with a password and opens the confirmation link from the e-mail. */
  async function confirmedAccount(client: string, password = "first password") {
    const email = newEmail("member");
    const signedUp = await post("/signup", { name: "Ann Lee", email, password, confirmPassword: password }, client);
    expect(signedUp.status).toBe(200);
    const confirmation = linkIn(await waitForMail(sink, email), "/api/auth/verify-email?");
    const confirmed = await fetch(onServer(confirmation), { redirect: "manual" });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toMatch(/\/login\?verified=1$/);
    return { email, password };
  }

  it("answers a sign-up the same way for a new and for an existing address", async () => {
    const client = newClient();
    const email = newEmail("twice");
    const form = { name: "Ann Lee", email, password: "long enough", confirmPassword: "long enough" };

    const first = await post("/signup", form, client);
    await waitForMail(sink, email);
    const second = await post("/signup", { ...form, name: "Someone Else", password: "another one", confirmPassword: "another one" }, client);

    expect(first.status).toBe(200);
    expect(second.status).toBe(first.status);
    const firstText = await first.text();
    const secondText = await second.text();
    expect(firstText).toContain("Almost there! We have e-mailed a link to confirm your address.");
    expect(secondText).toContain("Almost there! We have e-mailed a link to confirm your address.");
    expect(second.headers.getSetCookie()).toEqual([]);
  });

  it("confirms the address, then signs in with the password; a wrong password or unknown address gets one generic answer", async () => {
    const client = newClient();
    const { email, password } = await confirmedAccount(client);

    const confirmedPage = await fetch(`${server.url}/login?verified=1`);
    expect(await confirmedPage.text()).toContain("Your e-mail address is confirmed. You can log in now.");

    const wrong = await post("/login", { intent: "password", email, password: "not the password" }, client);
    const unknown = await post("/login", { intent: "password", email: newEmail("nobody"), password: "whatever it is" }, client);
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(await wrong.text()).toContain("Invalid email or password");
    expect(await unknown.text()).toContain("Invalid email or password");
    expect(wrong.headers.getSetCookie()).toEqual([]);

    const signedIn = await post("/login", { intent: "password", email, password, next: "/about" }, client);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/about");
    const cookie = signedIn.headers.getSetCookie().find((value) => value.startsWith("harmonia.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    const home = await fetch(`${server.url}/`, { headers: { Cookie: cookie!.split(";")[0]! } });
    expect(await home.text()).toContain(email);

    // With JavaScript the page shows 'Login successful!' itself and then moves on.
    const enhanced = await post("/login", { intent: "password", email, password, enhanced: "1" }, client);
    expect(enhanced.status).toBe(200);
    expect(enhanced.headers.getSetCookie().some((value) => value.startsWith("harmonia.session_token="))).toBe(true);
    expect(await enhanced.text()).toContain("Login successful!");
  });

  it("tells an unconfirmed account with the right password to confirm first, and sends the link again", async () => {
    const client = newClient();
    const email = newEmail("unconfirmed");
    await post("/signup", { name: "Ann Lee", email, password: "long enough", confirmPassword: "long enough" }, client);
    await waitForMail(sink, email);

    const attempt = await post("/login", { intent: "password", email, password: "long enough" }, client);
    expect(attempt.status).toBe(400);
    expect(await attempt.text()).toContain("Please confirm your e-mail address before logging in.");
    expect(attempt.headers.getSetCookie()).toEqual([]);
    const again = await waitForMail(sink, email, 1);
    expect(linkIn(again, "/api/auth/verify-email?")).toContain("callbackURL=%2Flogin%3Fverified%3D1");
  });

  it("resets a password with the e-mailed link, once; the old password stops working", async () => {
    const client = newClient();
    const { email, password } = await confirmedAccount(client);

    const unknownAsked = await post("/login", { intent: "forgot", email: newEmail("nobody") }, client);
    const asked = await post("/login", { intent: "forgot", email }, client);
    expect(asked.status).toBe(200);
    expect(unknownAsked.status).toBe(200);
    const promise = "If an account exists for that address, we have e-mailed a link to reset its password.";
    expect(await asked.text()).toContain(promise);
    expect(await unknownAsked.text()).toContain(promise);

    const link = linkIn(await waitForMail(sink, email, 1), "/reset-password?token=");
    const token = new URL(link).searchParams.get("token")!;
    expect(await (await fetch(onServer(link))).text()).toContain("Set a New Password");

    const mismatch = await post("/reset-password", { token, password: "new password", confirmPassword: "new passw0rd" }, client);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");

    const reset = await post("/reset-password", { token, password: "new password", confirmPassword: "new password" }, client);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("Password updated! You can now log in with your new password.");

    const reused = await post("/reset-password", { token, password: "third password", confirmPassword: "third password" }, client);
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("This reset link has expired or has already been used.");
    expect(await (await fetch(onServer(link))).text()).toContain("open this page from the link in the password reset e-mail");

    const old = await post("/login", { intent: "password", email, password }, client);
    expect(await old.text()).toContain("Invalid email or password");
    const fresh = await post("/login", { intent: "password", email, password: "new password" }, client);
    expect(fresh.status).toBe(302);
  });

  it("answers bad input to the pages' actions with the fields' messages, never a 500", async () => {
    const client = newClient();
    const emptyLogin = await post("/login", { intent: "password", email: "", password: "" }, client);
    expect(emptyLogin.status).toBe(400);
    expect(await emptyLogin.text()).toContain("Please enter your email and password.");

    const emptyLink = await post("/login", { intent: "link", email: " " }, client);
    expect(emptyLink.status).toBe(400);
    expect(await emptyLink.text()).toContain("Please enter your email address above first.");

    const badAddress = await post("/login", { intent: "forgot", email: "not-an-address" }, client);
    expect(badAddress.status).toBe(400);
    expect(await badAddress.text()).toContain("Please enter a valid email address.");

    const shortPassword = await post("/signup", { name: "Ann", email: newEmail("short"), password: "short", confirmPassword: "short" }, client);
    expect(shortPassword.status).toBe(400);
    expect(await shortPassword.text()).toContain("Password must be at least 8 characters");

    const notForm = await fetch(`${server.url}/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": client },
      body: "{not json",
    });
    expect(notForm.status).toBe(400);
    expect(await notForm.text()).toContain("Please enter your name.");

    const noToken = await post("/reset-password", { password: "long enough", confirmPassword: "long enough" }, client);
    expect(noToken.status).toBe(400);
    expect(await noToken.text()).toContain("This reset link has expired or has already been used.");
    const shortReset = await post("/reset-password", { token: "x", password: "1234567", confirmPassword: "1234567" }, client);
    expect(shortReset.status).toBe(400);
    expect(await shortReset.text()).toContain("Password must be at least 8 characters");
  });

  it("sends a sign-in link from the login page", async () => {
    const client = newClient();
    const email = newEmail("link");
    const asked = await post("/login", { intent: "link", email, next: "/profile" }, client);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Sign-in link sent! Please check your inbox and click the link to access your account.");
    const link = new URL(linkIn(await waitForMail(sink, email), "/login/link?"));
    expect(link.searchParams.get("next")).toBe("/profile");
  });

  describe("limits attempts per e-mail address with 429 'Too many attempts…'", () => {
    const tooMany = /Too many attempts\. Please try again in \d+ minutes?\./;

    /** Makes `allowed` attempts (from fresh client addresses) that must pass, then one that must not. */
    async function exhaust(allowed: number, attempt: () => Promise<Response>) {
      for (let i = 0; i < allowed; i += 1) expect((await attempt()).status).not.toBe(429);
      const refused = await attempt();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      return refused;
    }

    it("password sign-in", async () => {
      const email = newEmail("limit-sign-in");
      const refused = await exhaust(8, () => post("/login", { intent: "password", email, password: "wrong password" }, newClient()));
      expect(await refused.text()).toMatch(tooMany);
    });

    it("sign-up", async () => {
      const email = newEmail("limit-sign-up");
      const form = { name: "Ann", email, password: "long enough", confirmPassword: "long enough" };
      const refused = await exhaust(5, () => post("/signup", form, newClient()));
      expect(await refused.text()).toMatch(tooMany);
    });

    it("sign-in link through the login page", async () => {
      const email = newEmail("limit-link-page");
      const refused = await exhaust(5, () => post("/login", { intent: "link", email }, newClient()));
      expect(await refused.text()).toMatch(tooMany);
    });

    it("sign-in link through better-auth's endpoint", async () => {
      const email = newEmail("limit-link-api");
      const refused = await exhaust(5, () =>
        fetch(`${server.url}/api/auth/sign-in/magic-link`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": newClient() },
          body: JSON.stringify({ email, callbackURL: "/welcome" }),
        }),
      );
      expect(((await refused.json()) as { error: string }).error).toMatch(tooMany);
    });

    it("password reset request", async () => {
      const email = newEmail("limit-reset");
      const refused = await exhaust(3, () => post("/login", { intent: "forgot", email }, newClient()));
      expect(await refused.text()).toMatch(tooMany);
      expect(mailsTo(email)).toBe(0);
    });
  });
});
