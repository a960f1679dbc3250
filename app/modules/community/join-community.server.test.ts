import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq, sql } from "drizzle-orm";
import { community, outbox } from "#db/schema";
import { buildCommunitySignup } from "#app/modules/demo/factories/community";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { type Auth, createAuth, CLIENT_IP_HEADER } from "#app/lib/auth.server";
import { parseEnv } from "#app/lib/env.server";
import { memberAuthParts } from "#app/modules/members/auth-parts.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { validateCommunitySignup, type CommunitySignup } from "./community-signup";
import { requestSignInLink } from "#app/modules/members/request-sign-in-link.server";
import { joinCommunity } from "./join-community.server";

function signup(overrides: Parameters<typeof buildCommunitySignup>[0] = {}): CommunitySignup {
  const checked = validateCommunitySignup(buildCommunitySignup(overrides));
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  return checked.signup;
}

describe("joining the community", () => {
  let database: TestDatabase;
  let auth: Auth;
  const client = (ip: string) => ({ key: ip, headers: new Headers({ [CLIENT_IP_HEADER]: ip }), rateLimitMultiplier: 1, auth });

  beforeAll(async () => {
    database = await createTestDatabase();
    auth = createAuth({ env: parseEnv({ PUBLIC_URL: "http://localhost:3000" }), db: database.handle.db, secret: "s".repeat(32), ...memberAuthParts, accountLinks: { wake: noOutboxWake, keepSignInLink: false } });
  });
  afterAll(async () => {
    await database.dispose();
  });

  const rowsFor = (email: string) =>
    database.handle.db.select().from(community).where(sql`lower(${community.email}) = ${email.toLowerCase()}`);
  const mailsTo = (email: string) => database.handle.db.select().from(outbox).where(eq(outbox.recipient, email));

  it("stores the sign-up with the time of consent and e-mails a welcome with a sign-in link", async () => {
    const before = new Date();
    const joiner = signup({ phone: "(555) 123-4567", source: "contact" });
    expect(await joinCommunity(database.handle.db, { signup: joiner, client: client("10.0.0.1") })).toEqual({
      joined: true,
      alreadyMember: false,
    });
    const [row] = await rowsFor(joiner.email);
    expect(row).toMatchObject({ name: "Ada Lovelace", phone: "(555) 123-4567", interest: "candlelight-yoga", source: "contact" });
    expect(row!.consentAcceptedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const [mail] = await mailsTo(joiner.email);
    expect(mail).toMatchObject({ kind: "community-welcome", status: "pending" });
    expect(mail!.bodyText).toContain("http://localhost:3000/login/link?token=");
    expect(mail!.bodyText).toContain(encodeURIComponent("/welcome"));
  });

  it("counts joining again in another letter case as joined: one row, a new link", async () => {
    const joiner = signup();
    await joinCommunity(database.handle.db, { signup: joiner, client: client("10.0.0.2") });
    const again = { ...joiner, email: joiner.email.toUpperCase() };
    expect(await joinCommunity(database.handle.db, { signup: again, client: client("10.0.0.2") })).toEqual({
      joined: true,
      alreadyMember: true,
    });
    expect(await rowsFor(joiner.email)).toHaveLength(1);
    const mails = await database.handle.db
      .select()
      .from(outbox)
      .where(sql`lower(${outbox.recipient}) = ${joiner.email.toLowerCase()}`);
    expect(mails).toHaveLength(2);
  });

  it("still counts the sign-up when no link may be sent (rate limit), and logs it", async () => {
    const joiner = signup();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    // The per-address allowance of sign-in links is used up by earlier requests for this address:
    // one sign-up, then links asked for by hand (joining five times is over the sign-up limit).
    await joinCommunity(database.handle.db, { signup: joiner, client: client("10.0.1.0") });
    for (let attempt = 1; attempt < 5; attempt += 1) {
      await requestSignInLink(database.handle.db, { email: joiner.email, purpose: "sign-in", next: "/welcome", client: client(`10.0.1.${attempt}`) });
    }
    expect(await joinCommunity(database.handle.db, { signup: joiner, client: client("10.0.2.1") })).toEqual({
      joined: true,
      alreadyMember: true,
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("Too many attempts"));
    warn.mockRestore();
    expect(await mailsTo(joiner.email)).toHaveLength(5);
  });

  it("answers not joined when the sign-up cannot be stored for another reason", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = { ...signup(), interest: null } as unknown as CommunitySignup;
    expect(await joinCommunity(database.handle.db, { signup: broken, client: client("10.0.0.3") })).toEqual({ joined: false });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    expect(await mailsTo(broken.email)).toHaveLength(0);
  });

  it("refuses a fourth sign-up of one inbox within the hour, however its address is spelled", async () => {
    const joiner = signup();
    const [local = "", domain = ""] = joiner.email.split("@");
    for (const tag of ["a", "b", "c"]) {
      const outcome = await joinCommunity(database.handle.db, { signup: { ...joiner, email: `${local}+${tag}@${domain}` }, client: client(`10.0.3.${tag.charCodeAt(0)}`) });
      expect(outcome).toMatchObject({ joined: true });
    }
    const refused = await joinCommunity(database.handle.db, { signup: { ...joiner, email: `${local}+d@${domain}` }, client: client("10.0.3.200") });
    expect(refused).toMatchObject({ joined: false, reason: "too-many-attempts", message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) });
  });
});
