import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { audioEvents, campaignRecipients, campaigns, community, events, newsletter, profiles, reservations, session, unsubscribes, user, userProfiles } from "#db/schema";
import { queryRows } from "#app/lib/db.server";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { consentVersionOf } from "#app/modules/consent/consent-texts";
import { deleteMemberAccount } from "./delete-member-account.server";
import { exportMemberData, memberExportLimit } from "./export-member-data.server";
import { memberDataMessages } from "./member-data";
import { getEmailPreferences, setEmailPreferences } from "#app/modules/community/index.server";

describe("a member's own data: preferences, export and deletion", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const client = (ip: string) => ({ key: ip, rateLimitMultiplier: 1 });

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  async function member(prefix: string) {
    const email = uniqueEmail(prefix);
    const [row] = await db().insert(user).values({ name: "Ada Moreno", email }).returning({ id: user.id });
    return { id: row!.id, email };
  }
  const consentsOf = (email: string) =>
    queryRows<{ purpose: string; granted: boolean; source: string; text_version: string; user_id: string | null }>(
      db(),
      sql`select purpose::text, granted, source::text, text_version, user_id::text from consents where email = ${email} order by id`,
    );

  it("switches the newsletter and campaigns off and on, recording each change as a consent", async () => {
    const owner = await member("prefs");
    expect(await getEmailPreferences(db(), owner)).toEqual({ newsletter: false, campaigns: true });

    const on = await setEmailPreferences(db(), owner, { newsletter: "on", campaigns: "on" });
    expect(on).toMatchObject({ ok: true, message: memberDataMessages.preferencesSaved, changed: ["newsletter"] });
    expect(await db().select().from(newsletter).where(sql`lower(email) = ${owner.email}`)).toHaveLength(1);

    const off = await setEmailPreferences(db(), owner, { newsletter: "on" });
    expect(off).toMatchObject({ ok: true, changed: ["campaigns"] });
    const [unsubscribed] = await db().select().from(unsubscribes).where(sql`email = ${owner.email}`);
    expect(unsubscribed?.source).toBe("profile");
    expect(await getEmailPreferences(db(), owner)).toEqual({ newsletter: true, campaigns: false });

    await setEmailPreferences(db(), owner, { campaigns: "on" });
    expect(await getEmailPreferences(db(), owner)).toEqual({ newsletter: false, campaigns: true });

    const profileWords = consentVersionOf("profile");
    expect((await consentsOf(owner.email)).map((row) => [row.purpose, row.granted, row.source, row.user_id === owner.id, row.text_version])).toEqual([
      ["newsletter", true, "profile", true, profileWords],
      ["campaigns", false, "profile", true, profileWords],
      ["newsletter", false, "profile", true, profileWords],
      ["campaigns", true, "profile", true, profileWords],
    ]);
  });

  it("exports everything held about the member and nothing secret", async () => {
    const owner = await member("export");
    await db().insert(session).values({ userId: owner.id, token: "session-token-secret-value", expiresAt: new Date(Date.now() + 86_400_000), userAgent: "Firefox" });
    await db().insert(profiles).values({ userId: owner.id, fullName: "Ada Moreno", bio: "Piano lover" });
    await db().insert(community).values({ name: "Ada", email: owner.email, interest: "events", consentAcceptedAt: new Date() });
    const [event] = await db().insert(events).values(buildEvent({ title: "Export Evening", startsAt: new Date(Date.now() + 86_400_000) })).returning();
    await db().insert(reservations).values(buildReservation(event!.id, { visitorEmail: owner.email.toUpperCase(), seats: 3 }));
    const [campaign] = await db().insert(campaigns).values({ kind: "community_magic_links", tag: "concert_followup", subject: "Hi", bodyMarkdown: "{{link}}", createdByEmail: "boss@example.com" }).returning();
    await db().insert(campaignRecipients).values({ campaignId: campaign!.id, email: owner.email, linkTokenHash: "link-hash-secret", unsubscribeTokenHash: "unsubscribe-hash-secret" });
    await db().insert(audioEvents).values({ userId: owner.id, userEmail: owner.email, trackSrc: "/media/audio/a.mp3", trackTitle: "Still Water", action: "play", position: 0, campaign: "concert_followup" });
    await setEmailPreferences(db(), owner, { newsletter: "on", campaigns: "on" });

    const outcome = await exportMemberData(db(), owner, client("10.1.0.1"));
    if (!outcome.ok) throw new Error(outcome.message);
    const { data } = outcome;
    expect(data.user).toMatchObject({ email: owner.email, name: "Ada Moreno" });
    expect(data.profile).toMatchObject({ full_name: "Ada Moreno", bio: "Piano lover" });
    expect(data.communityEntry).toMatchObject({ name: "Ada" });
    expect(data.newsletter).not.toBeNull();
    expect(data.reservations).toEqual([expect.objectContaining({ event: "Export Evening", seats: 3 })]);
    expect(data.campaignEmails).toEqual([expect.objectContaining({ campaign: "concert_followup", subject: "Hi" })]);
    expect(data.listeningHistory).toEqual([expect.objectContaining({ track_title: "Still Water", action: "play" })]);
    expect(data.consents).toEqual([expect.objectContaining({ purpose: "newsletter", granted: true, source: "profile" })]);
    expect(data.sessions).toEqual([expect.objectContaining({ user_agent: "Firefox" })]);
    const file = JSON.stringify(data);
    for (const secret of ["session-token-secret-value", "link-hash-secret", "unsubscribe-hash-secret", "token", "password", "hash"]) {
      expect(file, secret).not.toContain(secret);
    }
  });

  it("limits how often one member downloads their data", async () => {
    const owner = await member("limited");
    for (let attempt = 0; attempt < memberExportLimit.limit; attempt += 1) expect((await exportMemberData(db(), owner, client("10.1.0.2"))).ok).toBe(true);
    const refused = await exportMemberData(db(), owner, client("10.1.0.3"));
    expect(refused).toMatchObject({ ok: false, reason: "too-many-attempts" });
  });

  it("deletes the account only after DELETE is typed, keeping reservations anonymised and an unsubscribe", async () => {
    const owner = await member("leaving");
    await db().insert(profiles).values({ userId: owner.id, fullName: "Ada" });
    await db().insert(session).values({ userId: owner.id, token: `t-${owner.id}`, expiresAt: new Date(Date.now() + 86_400_000) });
    await db().insert(community).values({ name: "Ada", email: owner.email, interest: "events", consentAcceptedAt: new Date() });
    await db().insert(userProfiles).values({ email: owner.email, firstName: "Ada" });
    await db().insert(newsletter).values({ email: owner.email });
    const [event] = await db().insert(events).values(buildEvent({ title: "Leaving Evening", startsAt: new Date(Date.now() + 86_400_000) })).returning();
    const [kept] = await db().insert(reservations).values(buildReservation(event!.id, { visitorEmail: owner.email, phone: "+1 619 555 0100", seats: 4 })).returning();

    expect(await deleteMemberAccount(db(), owner, { confirmation: "yes" })).toEqual({ ok: false, fieldErrors: { confirmation: memberDataMessages.deleteConfirmation } });
    expect(await db().select().from(user).where(sql`id = ${owner.id}`)).toHaveLength(1);

    expect(await deleteMemberAccount(db(), owner, { confirmation: "DELETE" })).toMatchObject({ ok: true, reservationsAnonymised: 1 });
    const count = async (table: string, where: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number }>(db(), sql`select count(*) as n from ${sql.raw(table)} where ${where}`))[0]!.n);
    expect(await count(`"user"`, sql`id = ${owner.id}`)).toBe(0);
    expect(await count("session", sql`user_id = ${owner.id}`)).toBe(0);
    expect(await count("profiles", sql`user_id = ${owner.id}`)).toBe(0);
    for (const table of ["community", "user_profiles", "newsletter"]) expect(await count(table, sql`lower(email) = ${owner.email}`), table).toBe(0);
    const [reservation] = await db().select().from(reservations).where(sql`id = ${kept!.id}`);
    expect(reservation).toMatchObject({ visitorName: "Deleted guest", visitorEmail: `deleted-${kept!.id}@deleted.invalid`, phone: null, seats: 4 });
    const [unsubscribed] = await db().select().from(unsubscribes).where(sql`email = ${owner.email}`);
    expect(unsubscribed?.source).toBe("account-deleted");
    const withdrawn = await consentsOf(owner.email);
    expect(withdrawn.every((row) => row.user_id === null && row.granted === false)).toBe(true);
    expect(withdrawn.map((row) => row.purpose).sort()).toEqual(["campaigns", "email_updates", "newsletter", "privacy", "sms", "terms"]);
  });
});
