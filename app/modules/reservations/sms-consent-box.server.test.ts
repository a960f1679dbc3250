import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { community, consents, events, outbox, unsubscribes } from "#db/schema";
import { buildCommunitySignup } from "#app/modules/demo/factories/community";
import { buildEvent } from "#app/modules/demo/factories/events";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createAuth } from "#app/lib/auth.server";
import { parseEnv } from "#app/lib/env.server";
import { memberAuthParts } from "#app/modules/members/auth-parts.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { validateCommunitySignup } from "#app/modules/community/community-signup";
import { joinCommunity } from "#app/modules/community/join-community.server";
import { consentVersionOf, consentWordsAt } from "#app/modules/consent/consent-texts";
import { unsubscribeAddress } from "#app/modules/consent/unsubscribe.server";
import { smsPermissionFor } from "#app/modules/sms/sms-consent.server";
import { eventGuestAudience } from "#app/modules/campaigns/event-text-audience.server";
import { reservationSchema } from "./reservation-form";
import { phoneToTextProblem, reserveSeatsForVisitor } from "./reserve-seats-for-visitor.server";
import { queueTextReminders, textReminderKey } from "./text-reminders.server";
import { noTextWake } from "#app/modules/sms/index.server";

// Each consent box writes its own consents row (decision 043): the reservation form's SMS box, and /join's boxes; joining is the e-mail consent (054).
describe("consent boxes", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());
  const db = () => database.handle.db;
  const consentRows = (email: string) => db().select().from(consents).where(eq(consents.email, email));

  async function reserve(slug: string, fields: Record<string, string>) {
    const input = reservationSchema.parse({ seats: "1", ...fields });
    return reserveSeatsForVisitor(db(), { client: { key: `198.51.100.${Math.floor(Math.random() * 200)}`, rateLimitMultiplier: 100, seatsPerEvent: 10 }, eventSlug: slug, input, wake: noOutboxWake });
  }

  it("the reservation form's SMS box writes a consent row with its words' version, and the guest can then be texted", async () => {
    const [event] = await db()
      .insert(events)
      .values(buildEvent({ title: "Texted evening", startsAt: new Date(Date.now() + 3 * 86_400_000) }))
      .returning();
    const ticked = await reserve(event!.slug, { name: "Tia Texts", email: "tia@example.com", phone: "(619) 555-0142", smsConsent: "on" });
    const unticked = await reserve(event!.slug, { name: "Nia Quiet", email: "nia@example.com", phone: "(619) 555-0143" });
    expect(ticked.ok && unticked.ok).toBe(true);
    if (!ticked.ok) throw new Error("not reserved");
    expect(ticked.reservation.smsConsentAt).toBeInstanceOf(Date);
    expect(await consentRows("tia@example.com")).toMatchObject([{ purpose: "sms", granted: true, source: "reservation_form", textVersion: consentVersionOf("reservation_form") }]);
    expect(await consentRows("nia@example.com")).toHaveLength(0);

    const audience = await eventGuestAudience(db(), event!.id);
    expect(audience.recipients.map((recipient) => recipient.phone)).toEqual(["+16195550142"]);
    expect(audience.leftOut.noConsent).toBe(1);
    expect(await smsPermissionFor(db(), "+16195550142")).toBe("consent");
    expect(await smsPermissionFor(db(), "+16195550143")).toBeNull();

    // The day-before text reminder goes to the guest who agreed, not to the other.
    if (!unticked.ok) throw new Error("not reserved");
    const queued = await queueTextReminders(
      db(),
      [ticked, unticked].map((outcome) => ({ reservation: outcome.reservation, event: outcome.event })),
      new Date(event!.startsAt.getTime() - 24 * 3_600_000),
      noTextWake,
      { timeZone: "America/Los_Angeles" },
    );
    expect(queued).toBe(1);
    const texts = await db().select().from(outbox).where(eq(outbox.idempotencyKey, textReminderKey(ticked.reservation.id)));
    expect(texts).toMatchObject([{ channel: "sms", recipient: "+16195550142" }]);
    expect(await db().select().from(outbox).where(eq(outbox.idempotencyKey, textReminderKey(unticked.reservation.id)))).toHaveLength(0);
  });

  it("the SMS box needs a phone we can text, and says so on the phone field", () => {
    expect(reservationSchema.safeParse({ name: "A", email: "a@example.com", seats: "1", smsConsent: "on" }).error?.issues[0]).toMatchObject({ path: ["phone"] });
    expect(phoneToTextProblem({ phone: "12", smsConsent: "on" })).toMatch(/phone number we can text/);
    expect(phoneToTextProblem({ phone: "12" })).toBeUndefined();
    expect(phoneToTextProblem({ phone: "(619) 555-0100", smsConsent: "on" })).toBeUndefined();
  });

  // joinCommunity e-mails a sign-in link through this instance's auth, as the /join route passes it.
  const auth = () => createAuth({ env: parseEnv({ PUBLIC_URL: "http://localhost:3000" }), db: db(), secret: "s".repeat(32), ...memberAuthParts, accountLinks: { wake: noOutboxWake, keepSignInLink: false } });
  const client = (ip: string) => ({ key: ip, headers: new Headers(), rateLimitMultiplier: 100, auth: auth() });
  const signup = (overrides: Parameters<typeof buildCommunitySignup>[0]) => {
    const checked = validateCommunitySignup(buildCommunitySignup(overrides));
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    return checked.signup;
  };

  it("/join writes Terms, Privacy and e-mail (joining is the e-mail consent), and texts when that box is ticked, under the words' version", async () => {
    const all = signup({ email: "all-boxes@example.com", phone: "(619) 555-0150" });
    await joinCommunity(db(), { signup: all, client: client("198.51.100.201") });
    const rows = await consentRows("all-boxes@example.com");
    expect(rows.map((row) => [row.purpose, row.granted, row.source]).sort()).toEqual([
      ["email_updates", true, "community_form"],
      ["privacy", true, "community_form"],
      ["sms", true, "community_form"],
      ["terms", true, "community_form"],
    ]);
    expect(new Set(rows.map((row) => row.textVersion))).toEqual(new Set([consentVersionOf("community_form")]));
    expect(consentWordsAt("community_form", rows[0]!.textVersion)).toContain("You will get our e-mails about events and music; unsubscribe any time.");
    const [row] = await db().select().from(community).where(eq(community.email, "all-boxes@example.com"));
    expect(row!.smsConsentAt).toBeInstanceOf(Date);
    expect(await smsPermissionFor(db(), "+16195550150")).toBe("consent");
  });

  it("/join without the texts box: no SMS consent, and the address is on the campaigns' list", async () => {
    const noTexts = signup({ email: "no-texts@example.com", phone: "(619) 555-0151", texts: false });
    await joinCommunity(db(), { signup: noTexts, client: client("198.51.100.202") });
    const purposes = (await consentRows("no-texts@example.com")).map((row) => [row.purpose, row.granted]);
    expect(purposes.sort()).toEqual([
      ["email_updates", true],
      ["privacy", true],
      ["terms", true],
    ]);
    const [row] = await db().select().from(community).where(eq(community.email, "no-texts@example.com"));
    expect(row!.smsConsentAt).toBeNull();
    expect(await smsPermissionFor(db(), "+16195550151")).toBeNull();
    expect(await db().select().from(unsubscribes).where(eq(unsubscribes.email, "no-texts@example.com"))).toHaveLength(0);
  });

  it("someone who joined with the e-mail box unticked stays as they chose, also when they join again", async () => {
    // As a sign-up under the words of 2026-11-26 left it: the box unticked put the address on the unsubscribed list.
    await db().transaction((tx) => unsubscribeAddress(tx, { email: "kept-quiet@example.com", source: "sign-up" }));
    await joinCommunity(db(), { signup: signup({ email: "kept-quiet@example.com" }), client: client("198.51.100.203") });
    expect((await consentRows("kept-quiet@example.com")).map((row) => row.purpose).sort()).toEqual(["privacy", "terms"]);
    expect(await db().select().from(unsubscribes).where(and(eq(unsubscribes.email, "kept-quiet@example.com"), eq(unsubscribes.source, "sign-up")))).toHaveLength(1);
  });

  it("refuses /join without the Terms box, whatever else is ticked", () => {
    const { consent: _terms, ...rest } = buildCommunitySignup({ phone: "(619) 555-0152" });
    expect(validateCommunitySignup(rest)).toMatchObject({ ok: false, errors: { consent: "You must accept the Terms and Privacy Policy." } });
  });
});
