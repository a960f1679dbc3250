import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { community } from "#db/schema";
import { buildCommunitySignup, uniqueEmail } from "#app/modules/demo/factories/community";
import { openDatabase } from "#app/lib/db.server";
import { signInOverHttp } from "#tests/support/http-session";
import { linkIn, SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { createEmptyDatabase, dropDatabase } from "#tests/support/test-database";
import { waitFor } from "#tests/support/wait-for";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The community sign-up (posted to /join, as a browser without JavaScript does) and the two
 * sign-in-link endpoints, over HTTP against the production build, e-mail over real SMTP.
 */
describe("community sign-up and sign-in-link endpoints", () => {
  let server: TestServer;
  let sink: SmtpSink;
  // The database is ours, so the stored sign-ups can be read once the server has stopped.
  let databaseUrl: string | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    databaseUrl = await createEmptyDatabase();
    dataDir = databaseUrl ? undefined : mkdtempSync(path.join(tmpdir(), "harmonia-community-"));
    server = await startTestServer({
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      // Twice the production allowance, so the whole file fits within one address's hourly limit.
      RATE_LIMIT_MULTIPLIER: "2",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const join = (fields: Record<string, string | undefined>) =>
    fetch(`${server.url}/join`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(
        Object.fromEntries(Object.entries({ intent: "join", ...fields }).filter(([, value]) => value !== undefined)) as Record<
          string,
          string
        >,
      ),
    });
  const postJson = (endpoint: string, body: unknown, init: RequestInit = {}) =>
    fetch(`${server.url}/api/${endpoint}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: typeof body === "string" ? body : JSON.stringify(body),
      ...init,
    });
  const mailsTo = (email: string) =>
    sink.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()));

  const joined: string[] = [];

  describe("the community form's action", () => {
    it("welcomes the new member by address and e-mails a sign-in link to /welcome", async () => {
      const signup = buildCommunitySignup({ phone: "(555) 123-4567", source: "join" });
      const response = await join(signup);
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toContain("Welcome to the community!");
      expect(page).toContain(signup.email);
      joined.push(signup.email);

      const mail = await waitForMail(sink, signup.email);
      expect(mail.subject).toBe("Welcome to the Harmonia community");
      const link = new URL(linkIn(mail, "/login/link?"));
      expect(link.searchParams.get("token")).toBeTruthy();
      expect(link.searchParams.get("next")).toBe("/welcome");
    });

    it("counts a repeated sign-up, in any letter case, as a success and sends a new link", async () => {
      const signup = buildCommunitySignup({ email: uniqueEmail("Again") });
      expect((await join(signup)).status).toBe(200);
      await waitForMail(sink, signup.email);
      const again = await join({ ...signup, email: signup.email.toUpperCase() });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain("Welcome to the community!");
      joined.push(signup.email);
      // The repeat's link goes to the address as typed the second time.
      await waitFor(() => mailsTo(signup.email).length === 2);
    });

    it.each([
      ["name", { name: "A" }, "Name must be at least 2 characters."],
      ["email", { email: "ada@" }, "Please enter a valid email address."],
      ["interest", { interest: "" }, "Please select an area of interest."],
      ["interest", { interest: "karaoke" }, "Please select an area of interest."],
      ["consent", { consent: undefined }, "You must accept the Terms and Privacy Policy."],
    ])("refuses a wrong %s with its message and keeps what was typed (%j)", async (_field, change, message) => {
      const signup = { ...buildCommunitySignup({ phone: "619 555 0100" }), ...change };
      const response = await join(signup);
      expect(response.status).toBe(400);
      const page = await response.text();
      expect(page).toContain(message);
      expect(page).toContain(`value="${signup.name}"`);
      expect(page).toContain(`value="619 555 0100"`);
      expect(page).not.toContain("Welcome to the community!");
    });

    it("resends a sign-in link from the welcome screen", async () => {
      const email = joined[0]!;
      const before = mailsTo(email).length;
      const response = await join({ intent: "resend", email });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Sent. Check your inbox and spam folder.");
      const mail = await waitForMail(sink, email, before);
      expect(linkIn(mail, "/login/link?")).toContain("next=%2Fwelcome");
    });
  });

  describe("POST /api/sendAutoMagicLink and /api/sendUserMagicLink", () => {
    it("e-mail the link and answer { sent: true } without it", async () => {
      const cases = [
        { endpoint: "sendAutoMagicLink", body: { name: "Grace Hopper" }, subject: "Welcome to the Harmonia community" },
        {
          endpoint: "sendAutoMagicLink",
          body: { name: "Grace Hopper", campaign: "friend_invitation" },
          subject: "Your full access to Harmonia's music",
        },
        { endpoint: "sendUserMagicLink", body: {}, subject: "Your Harmonia sign-in link" },
      ];
      for (const { endpoint, body, subject } of cases) {
        const email = uniqueEmail("endpoint");
        const response = await postJson(endpoint, { ...body, email });
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ sent: true });
        const mail = await waitForMail(sink, email);
        expect(mail.subject).toBe(subject);
        expect(linkIn(mail, "/login/link?")).toContain("token=");
      }
    });

    it("answer the same whether or not the address has an account", async () => {
      const member = uniqueEmail("member");
      await signInOverHttp(server.url, sink, member);
      const answers = await Promise.all(
        [member, uniqueEmail("stranger")].map(async (email) => {
          const response = await postJson("sendUserMagicLink", { email });
          return { status: response.status, body: await response.text() };
        }),
      );
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual({ status: 200, body: JSON.stringify({ sent: true }) });
    });

    it.each([
      ["sendAutoMagicLink", "{not json", "The request body must be valid JSON."],
      ["sendUserMagicLink", "", "The request body must be valid JSON."],
      ["sendUserMagicLink", "[]", "The request body must be a JSON object with an email."],
      ["sendAutoMagicLink", "null", "The request body must be a JSON object with an email."],
      ["sendUserMagicLink", {}, "email is required."],
      ["sendAutoMagicLink", { name: "Ada" }, "email is required."],
      ["sendUserMagicLink", { email: 42 }, "email must be a string."],
      ["sendUserMagicLink", { email: "not-an-address" }, "Please enter a valid email address."],
      ["sendAutoMagicLink", { email: "ada@example.com", name: 7 }, "name must be a string."],
      [
        "sendAutoMagicLink",
        { email: "ada@example.com", campaign: "spring_sale" },
        "campaign must be one of: auto_community_join, friend_invitation.",
      ],
      [
        "sendAutoMagicLink",
        { email: "ada@example.com", name: "x".repeat(11 * 1024) },
        "The request body is too large (at most 10 kB).",
      ],
    ])("%s answers 400 to %j", async (endpoint, body, error) => {
      const response = await postJson(endpoint, body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error });
    });

    it("answer 405 to anything but POST", async () => {
      for (const endpoint of ["sendAutoMagicLink", "sendUserMagicLink"]) {
        const response = await fetch(`${server.url}/api/${endpoint}`);
        expect(response.status).toBe(405);
        expect(response.headers.get("allow")).toBe("POST");
        expect(await response.json()).toEqual({ error: "Use POST." });
      }
    });

    it("answer 429 with the wait once an address has asked too often, on either endpoint", async () => {
      const email = uniqueEmail("eager");
      let response: Response | undefined;
      let allowed = 0;
      for (let attempt = 0; attempt < 20; attempt += 1) {
        response = await postJson(attempt % 2 ? "sendUserMagicLink" : "sendAutoMagicLink", { email, name: "Eager" });
        if (response.status !== 200) break;
        allowed += 1;
      }
      // Five an address per quarter-hour in production, doubled for this server.
      expect(allowed).toBe(10);
      expect(response!.status).toBe(429);
      expect(Number(response!.headers.get("retry-after"))).toBeGreaterThan(0);
      const { error } = (await response!.json()) as { error: string };
      expect(error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    });
  });

  it("stored each sign-up once, with the time its consent was given", async () => {
    await server.stop();
    const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: dataDir! });
    try {
      const rows = await handle.db.select().from(community);
      expect(rows.map((row) => row.email.toLowerCase()).sort()).toEqual(joined.map((email) => email.toLowerCase()).sort());
      const [first] = await handle.db.select().from(community).where(sql`lower(${community.email}) = ${joined[0]!.toLowerCase()}`);
      expect(first).toMatchObject({ name: "Ada Lovelace", phone: "(555) 123-4567", interest: "candlelight-yoga", source: "join" });
      expect(first!.consentAcceptedAt).toBeInstanceOf(Date);
      expect(first!.consentAcceptedAt.getTime()).toBeLessThanOrEqual(Date.now());
    } finally {
      await handle.close();
    }
  });
});
