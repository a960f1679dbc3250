import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { consents, invitations, musicAccess, userProfiles } from "#db/schema";
import { consentVersionOf, consentWordsAt } from "#app/modules/consent/consent-texts";
import { smsPermissionFor } from "#app/modules/sms/sms-consent.server";
import { buildAcceptance, buildInvitation } from "#app/modules/demo/factories/invitations";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { acceptInvitation } from "./accept-invitation.server";
import { createInvitation } from "./create-invitation.server";
import { getAttendeeData } from "./get-attendee-data.server";

describe("accepting an invitation", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const publicUrl = "https://harmonia.example";

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const form = (rid: string, email: string) =>
    buildAcceptance({ rid, email }, { interests: ["Live piano meditation events", "Candlelight yoga and piano"] });

  it("creates invitations with an unguessable rid that expires 30 days after sending", async () => {
    const sentAt = new Date("2026-03-01T12:00:00Z");
    const created = await createInvitation(db(), { email: "new.guest@example.com", sentAt });
    expect(created.rid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(created.expiresAt.toISOString()).toBe("2026-03-31T12:00:00.000Z");
  });

  it("prefills only from a pending invitation's rid", async () => {
    const pending = buildInvitation({ eventHistory: [{ name: "Full Moon Piano Meditation" }] });
    await db().insert(invitations).values(pending);
    const found = await getAttendeeData(db(), pending.rid);
    expect(found).toEqual({
      ok: true,
      attendee: {
        email: pending.email,
        firstName: "Ada",
        lastName: "Moreno",
        phone: pending.phone,
        city: "San Diego",
        state: "CA",
        eventHistory: [{ name: "Full Moon Piano Meditation" }],
      },
    });
    expect(await getAttendeeData(db(), "no-such-rid")).toEqual({ ok: false, reason: "not-found" });
  });

  it("writes the member directory and music access, marks the invitation accepted, and returns a sign-in link once", async () => {
    const invitation = buildInvitation();
    await db().insert(invitations).values(invitation);

    const result = await acceptInvitation(db(), form(invitation.rid, invitation.email.toUpperCase()), { publicUrl });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.loginLink).toMatch(/^https:\/\/harmonia\.example\/login\/link\?token=[^&]+&next=%2Fmeditation$/);

    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.email, invitation.email));
    expect(profile).toMatchObject({
      firstName: "Rosa",
      lastName: "Delgado",
      phone: "+1 619 555 0187",
      interests: ["Live piano meditation events", "Candlelight yoga and piano"],
      communicationPreference: "everything",
      discoveryMethod: "attended_event",
      emailUpdates: true,
    });
    expect(profile?.smsConsentAt).toBeInstanceOf(Date);
    expect(profile?.termsAcceptedAt).toBeInstanceOf(Date);
    const access = await db().select().from(musicAccess).where(eq(musicAccess.email, invitation.email));
    expect(access).toHaveLength(1);
    const [stored] = await db().select().from(invitations).where(eq(invitations.rid, invitation.rid));
    expect(stored?.status).toBe("accepted");
    expect(stored?.acceptedAt).toBeInstanceOf(Date);

    expect(await acceptInvitation(db(), form(invitation.rid, invitation.email), { publicUrl })).toEqual({ ok: false, reason: "accepted" });
    expect(await getAttendeeData(db(), invitation.rid)).toEqual({ ok: false, reason: "accepted" });
  });

  it("accepts without a phone or texts: Terms, Privacy and e-mail recorded under the words' version, no SMS consent", async () => {
    const invitation = buildInvitation({ phone: "" });
    await db().insert(invitations).values(invitation);
    const result = await acceptInvitation(db(), buildAcceptance(invitation, { phone: undefined, smsConsent: false }), { publicUrl });
    expect(result.ok).toBe(true);
    const [profile] = await db().select().from(userProfiles).where(eq(userProfiles.email, invitation.email));
    expect(profile).toMatchObject({ phone: null, smsConsentAt: null });
    const rows = await db().select().from(consents).where(eq(consents.email, invitation.email.toLowerCase()));
    expect(rows.map((row) => [row.purpose, row.granted]).sort()).toEqual([
      ["email_updates", true],
      ["privacy", true],
      ["terms", true],
    ]);
    expect(rows.every((row) => row.source === "invitation_form" && row.textVersion === consentVersionOf("invitation_form"))).toBe(true);
    expect(consentWordsAt("invitation_form", rows[0]!.textVersion)).toContain("You will get our e-mails about events and music; unsubscribe any time.");
  });

  it("with the texts box ticked, records the SMS consent for the number given, which may then be texted", async () => {
    const invitation = buildInvitation();
    await db().insert(invitations).values(invitation);
    await acceptInvitation(db(), buildAcceptance(invitation, { phone: "(619) 555-0177", smsConsent: true }), { publicUrl });
    const rows = await db().select().from(consents).where(eq(consents.email, invitation.email.toLowerCase()));
    expect(rows.filter((row) => row.purpose === "sms").map((row) => [row.granted, row.textVersion])).toEqual([[true, consentVersionOf("invitation_form")]]);
    expect(await smsPermissionFor(db(), "+16195550177")).toBe("consent");
  });

  it("lets only one of two simultaneous acceptances through", async () => {
    const invitation = buildInvitation();
    await db().insert(invitations).values(invitation);
    const results = await Promise.all([
      acceptInvitation(db(), form(invitation.rid, invitation.email), { publicUrl }),
      acceptInvitation(db(), form(invitation.rid, invitation.email), { publicUrl }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toEqual({ ok: false, reason: "accepted" });
  });

  it("refuses an expired invitation, a different address and an unknown rid, changing nothing", async () => {
    const expired = buildInvitation({ sentAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });
    const pending = buildInvitation();
    await db().insert(invitations).values([expired, pending]);
    const countProfiles = async () =>
      (await db().select({ count: sql<number>`count(*)::int` }).from(userProfiles))[0]?.count;
    const before = await countProfiles();

    expect(await acceptInvitation(db(), form(expired.rid, expired.email), { publicUrl })).toEqual({ ok: false, reason: "expired" });
    expect(await getAttendeeData(db(), expired.rid)).toEqual({ ok: false, reason: "expired" });
    expect(await acceptInvitation(db(), form(pending.rid, "someone.else@example.com"), { publicUrl })).toEqual({
      ok: false,
      reason: "email-mismatch",
    });
    expect(await acceptInvitation(db(), form("unknown-rid", pending.email), { publicUrl })).toEqual({ ok: false, reason: "not-found" });

    expect(await countProfiles()).toBe(before);
    const [stillPending] = await db().select().from(invitations).where(eq(invitations.rid, pending.rid));
    expect(stillPending?.status).toBe("pending");
  });
});
