import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, like } from "drizzle-orm";
import { outbox, verification } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createAuth, type Auth, SIGN_IN_LINK_TTL_SECONDS } from "#app/lib/auth.server";
import { parseEnv } from "#app/lib/env.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { memberAuthParts } from "./auth-parts.server";
import { createSignInLink, emailSignInLink } from "./sign-in-links.server";

const publicUrl = "http://localhost:5199";

/**
 * Sign-in links against better-auth's own verification, in this process on a fresh database:
 * the clock is moved with fake Date only, so the database driver's timers run as usual.
 */
describe("sign-in links", () => {
  let database: TestDatabase;
  let auth: Auth;

  beforeAll(async () => {
    database = await createTestDatabase();
    const env = parseEnv({ PUBLIC_URL: publicUrl, HARMONIA_IGNORE_ENV_FILE: "1" });
    auth = createAuth({
      env,
      db: database.handle.db,
      secret: "a test secret that is long enough for better-auth",
      ...memberAuthParts,
      // As the dev mailbox does: the e-mailed link stays beside the message, where a test reads it.
      accountLinks: { wake: noOutboxWake, keepSignInLink: true },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  const verify = (link: string) => {
    const token = new URL(link).searchParams.get("token") ?? "";
    return auth.api.magicLinkVerify({
      query: { token, callbackURL: "/" },
      headers: new Headers({ origin: publicUrl }),
      asResponse: true,
    });
  };
  const sessionCookieOf = (response: Response) =>
    response.headers.getSetCookie().find((cookie) => cookie.startsWith("harmonia.session_token="));
  const errorOf = (response: Response) => new URL(response.headers.get("location") ?? "", publicUrl).searchParams.get("error");

  const newLink = (email: string) => createSignInLink(database.handle.db, { email, next: "/welcome", publicUrl });

  it("works once within 15 minutes, and fails the second time", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const link = await newLink("once@example.com");
    vi.setSystemTime(Date.now() + (SIGN_IN_LINK_TTL_SECONDS - 60) * 1000);

    const first = await verify(link);
    expect(first.status).toBe(302);
    expect(errorOf(first)).toBeNull();
    expect(sessionCookieOf(first)).toBeDefined();

    const second = await verify(link);
    expect(second.status).toBe(302);
    expect(errorOf(second)).toBe("INVALID_TOKEN");
    expect(sessionCookieOf(second)).toBeUndefined();
  });

  it("fails 16 minutes after it was made", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const link = await newLink("late@example.com");
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);

    const late = await verify(link);
    expect(late.status).toBe(302);
    expect(errorOf(late)).not.toBeNull();
    expect(sessionCookieOf(late)).toBeUndefined();
  });

  it("keeps only a hash of the token, for our links and for better-auth's e-mailed ones", async () => {
    const ours = new URL(await newLink("hashed@example.com")).searchParams.get("token")!;

    const email = "emailed@example.com";
    await emailSignInLink({ email, next: "/welcome", headers: new Headers({ origin: publicUrl }), auth });
    const [queued] = await database.handle.db.select({ meta: outbox.meta }).from(outbox).where(eq(outbox.recipient, email));
    const emailed = new URL(queued!.meta.signInLink!).searchParams.get("token")!;

    const stored = await database.handle.db
      .select({ identifier: verification.identifier, value: verification.value })
      .from(verification)
      .where(like(verification.identifier, "magic-link:%"));
    expect(stored.length).toBeGreaterThanOrEqual(2);
    for (const token of [ours, emailed]) {
      expect(token.length).toBeGreaterThanOrEqual(24);
      for (const row of stored) {
        expect(row.identifier).not.toContain(token);
        expect(row.value).not.toContain(token);
      }
    }
  });
});
