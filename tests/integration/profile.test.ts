import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "#tests/support/http-session";
import { linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

describe("/profile and /admin/setup", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const adminEmail = `admin-${Date.now()}@example.com`;
  const address = (name: string) => `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "false", ADMIN_EMAILS: adminEmail }));
  });
  afterAll(() => stopServerWithMail(server, sink));

  const get = (path: string, cookie = "") => fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookie } });
  const post = (path: string, body: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, Cookie: cookie },
      body: new URLSearchParams(body),
    });
  const sessionOf = async (cookie: string) =>
    (await (await get("/api/auth/get-session", cookie)).json()) as { user: { id: string }; session: { id: string } };
  const reminderTicked = /<input[^>]*name="notificationPreference"[^>]*checked=""/;
  const profileForm = (overrides: Record<string, string> = {}) => ({
    intent: "save",
    fullName: "Ada Lovelace",
    bio: "I listen in the evening.",
    preferredMeditationDuration: "30",
    preferredMeditationTime: "evening",
    notificationPreference: "on",
    ...overrides,
  });

  it("sends a visitor to log in first", async () => {
    const response = await get("/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fprofile");
  });

  it("shows the defaults to a new member, saves the form and shows the saved values", async () => {
    const email = address("profile");
    const cookie = await signInOverHttp(server.url, sink, email);
    const first = await (await get("/profile", cookie)).text();
    expect(first).toContain(`value="${email}"`);
    expect(first).toContain("Email address cannot be changed");
    expect(first).toMatch(/<option value="10" selected="">10 minutes<\/option>/);
    expect(first).toMatch(/<option value="morning" selected="">Morning<\/option>/);
    expect(first).toMatch(reminderTicked);
    // Only admins get the way to the dashboard.
    expect(first).not.toContain('href="/admin"');

    const saved = await post("/profile", profileForm(), cookie);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Profile updated successfully!");

    const page = await (await get("/profile", cookie)).text();
    expect(page).toContain('value="Ada Lovelace"');
    expect(page).toContain("I listen in the evening.");
    expect(page).toMatch(/<option value="30" selected="">30 minutes<\/option>/);
    expect(page).toMatch(/<option value="evening" selected="">Evening<\/option>/);
    expect(page).toMatch(reminderTicked);
    // An unticked box is left out of the form: reminders off.
    await post("/profile", (({ notificationPreference: _off, ...rest }) => rest)(profileForm()), cookie);
    expect(await (await get("/profile", cookie)).text()).not.toMatch(reminderTicked);
  });

  it("answers wrong values with 400, the messages and what was typed", async () => {
    const cookie = await signInOverHttp(server.url, sink, address("invalid"));
    const response = await post(
      "/profile",
      profileForm({ fullName: "Typed Name", bio: "b".repeat(1001), preferredMeditationDuration: "7" }),
      cookie,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please keep your bio to 1000 characters or fewer.");
    expect(html).toContain("Please choose one of the listed durations.");
    expect(html).toContain('value="Typed Name"');
    expect(html).toContain('aria-invalid="true"');
  });

  it("tells a member whose session has ended that saving needs a login, keeping the values", async () => {
    // The page's own request from the browser (single fetch): only the action answers. A
    // document POST without a session goes on to the page's loader, which sends the visitor to /login.
    const response = await post("/profile.data", profileForm({ fullName: "Still Here" }));
    expect(response.status).toBe(401);
    const body = await response.text();
    expect(body).toContain("You must be logged in to save your profile");
    expect(body).toContain("Still Here");
  });

  it("saves only the signed-in member's own profile, whatever user id the form carries", async () => {
    const victimCookie = await signInOverHttp(server.url, sink, address("victim"));
    const attackerCookie = await signInOverHttp(server.url, sink, address("attacker"));
    const victim = await sessionOf(victimCookie);
    const attempt = await post(
      "/profile",
      profileForm({ fullName: "Mallory", userId: victim.user.id, user_id: victim.user.id, id: "1" }),
      attackerCookie,
    );
    expect(attempt.status).toBe(200);
    expect(await (await get("/profile", attackerCookie)).text()).toContain('value="Mallory"');
    const victimPage = await (await get("/profile", victimCookie)).text();
    expect(victimPage).not.toContain("Mallory");
    expect(victimPage).toMatch(/<option value="10" selected="">/);
  });

  it("e-mails the member a sign-in link back to /profile", async () => {
    const email = address("link");
    const cookie = await signInOverHttp(server.url, sink, email);
    const before = sink.received.filter((mail) => mail.to.includes(email)).length;
    const response = await post("/profile", { intent: "send-link" }, cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(
      "Sign-in link sent! Check your inbox and click the link to access your account from any device.",
    );
    const link = new URL(linkIn(await waitForMail(sink, email, before), "/login/link?"));
    expect(link.searchParams.get("next")).toBe("/profile");
  });

  it("lists the member's sessions, signs out another one, and never someone else's", async () => {
    const email = address("devices");
    const first = await signInOverHttp(server.url, sink, email);
    const second = await signInOverHttp(server.url, sink, email);
    const stranger = await signInOverHttp(server.url, sink, address("stranger"));

    const page = await (await get("/profile", first)).text();
    expect(page.match(/This device/g)).toHaveLength(1);
    const otherIds = [...page.matchAll(/name="sessionId" value="([^"]+)"/g)].map((match) => match[1]);
    const secondSession = await sessionOf(second);
    expect(otherIds).toEqual([secondSession.session.id]);

    const strangerSession = await sessionOf(stranger);
    const refused = await post("/profile", { intent: "sign-out-session", sessionId: strangerSession.session.id }, first);
    expect(refused.status).toBe(404);
    expect((await get("/profile", stranger)).status).toBe(200);

    const revoked = await post("/profile", { intent: "sign-out-session", sessionId: secondSession.session.id }, first);
    expect(revoked.status).toBe(200);
    expect(await revoked.text()).toContain("That device has been signed out.");
    expect((await get("/profile", second)).status).toBe(302);
    expect((await get("/profile", first)).status).toBe(200);
  });

  it("signs out of all devices: both sessions end", async () => {
    const email = address("everywhere");
    const first = await signInOverHttp(server.url, sink, email);
    const second = await signInOverHttp(server.url, sink, email);
    const page = await (await get("/profile", first)).text();
    expect(page.match(/Last active /g)).toHaveLength(2);

    const response = await post("/profile", { intent: "sign-out-everywhere" }, second);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login?next=%2Fprofile");
    for (const cookie of [first, second]) {
      const after = await get("/profile", cookie);
      expect(after.status).toBe(302);
      expect(after.headers.get("location")).toBe("/login?next=%2Fprofile");
    }
  });

  it("/admin/setup is admins': a visitor is asked to log in, a member refused, an admin sees the details", async () => {
    const visitor = await get("/admin/setup");
    expect(visitor.status).toBe(401);
    const signIn = await visitor.text();
    expect(signIn).toContain("Please log in to access this page.");
    expect(signIn).toContain("/login?next=%2Fadmin%2Fsetup");

    const smtpHost = new URL(sink.url).host;
    const member = await get("/admin/setup", await signInOverHttp(server.url, sink, address("status")));
    expect(member.status).toBe(403);
    const refusal = await member.text();
    expect(refusal).toContain("You are not authorized to view this page.");
    for (const text of ["System status", "Sent over SMTP", "Twilio is not configured", "Job queue", "Backups", "Alerts", smtpHost]) {
      expect(refusal).not.toContain(text);
    }

    const admin = await get("/admin/setup", await signInOverHttp(server.url, sink, adminEmail));
    expect(admin.status).toBe(200);
    const details = await admin.text();
    for (const text of ["System status", "Database", "Database structure", "Updates applied", "E-mail", "SMS", "Job queue", "Sent over SMTP", "Twilio is not configured"]) {
      expect(details).toContain(text);
    }
    expect(details).toContain(`smtp://${smtpHost}`);
    // Plain words (issue 35): no migration's file name, no library's name.
    expect(details).not.toContain("0000_foundation");
    expect(details).not.toContain("PGlite");
    expect(details).toContain("Waiting to be sent");
    // Backups and each alert condition's state (issue 27).
    for (const text of ["Backups", "Alerts", "No alert condition holds", "Transactional e-mail failing", "Database was unreachable", "clear · never e-mailed"]) {
      expect(details).toContain(text);
    }
  });

  it("shows the Admin button on the profile to an admin", async () => {
    const page = await (await get("/profile", await signInOverHttp(server.url, sink, adminEmail))).text();
    expect(page).toContain('href="/admin"');
  });
});
