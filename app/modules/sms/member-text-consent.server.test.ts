import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { community, consents, events, reservations, user, userProfiles } from "#db/schema";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { consentVersionOf, consentWordsAt, smsConsentWords } from "#app/modules/consent/consent-texts";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getMemberTextConsent, setMemberTextConsent } from "./member-text-consent.server";
import { memberTextMessages } from "./member-text-words";
import { optOut } from "./queue-text.server";
import { smsPermissionFor } from "./sms-consent.server";
import { smsMessages } from "./sms-texts";
import { textEligibility } from "./text-eligibility.server";

const rules = { allowedCountries: ["US"] };

// The profile's texts: the member gives or withdraws SMS consent, a consents row each way, within the sms module's rules.
describe("a member's own SMS consent", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  async function member(prefix: string) {
    const email = uniqueEmail(prefix);
    const [row] = await db().insert(user).values({ name: "Ada Moreno", email }).returning({ id: user.id });
    return { id: row!.id, email };
  }
  const rowsOf = (email: string) => db().select().from(consents).where(eq(consents.email, email));

  it("shows the number and consent the community form gave, and withdraws every consent of the address: a row with the profile's words' version", async () => {
    const owner = await member("withdraws");
    await db().insert(community).values({ name: "Ada", email: owner.email, phone: "(619) 555-0161", interest: "piano", consentAcceptedAt: new Date(), smsConsentAt: new Date() });
    const [event] = await db().insert(events).values(buildEvent({ title: "Texted evening", startsAt: new Date(Date.now() + 86_400_000) })).returning();
    await db().insert(reservations).values({ ...buildReservation(event!.id, { visitorEmail: owner.email, phone: "(619) 555-0162" }), smsConsentAt: new Date() });
    expect(await getMemberTextConsent(db(), owner, rules)).toEqual({ phone: "(619) 555-0161", agreed: true, stopped: false });

    const off = await setMemberTextConsent(db(), owner, { phone: "(619) 555-0161" }, rules);
    expect(off).toMatchObject({ ok: true, message: memberTextMessages.off, consent: { agreed: false } });
    expect(await smsPermissionFor(db(), "+16195550161")).toBeNull();
    expect(await smsPermissionFor(db(), "+16195550162")).toBeNull();
    const rows = await rowsOf(owner.email);
    expect(rows.map((row) => [row.purpose, row.granted, row.source, row.userId === owner.id])).toEqual([["sms", false, "profile", true]]);
    expect(rows[0]!.textVersion).toBe(consentVersionOf("profile"));
    expect(consentWordsAt("profile", rows[0]!.textVersion)).toContain(smsConsentWords);

    // Saving 'off' again changes nothing and records nothing.
    await setMemberTextConsent(db(), owner, { phone: "(619) 555-0161" }, rules);
    expect(await rowsOf(owner.email)).toHaveLength(1);
  });

  it("gives consent for the number typed, which may then be texted; a new number replaces the old one", async () => {
    const owner = await member("gives");
    expect(await getMemberTextConsent(db(), owner, rules)).toEqual({ phone: null, agreed: false, stopped: false });

    const on = await setMemberTextConsent(db(), owner, { phone: "619 555 0163", texts: "on" }, rules);
    expect(on).toMatchObject({ ok: true, message: memberTextMessages.on("619 555 0163"), consent: { phone: "619 555 0163", agreed: true } });
    expect(await textEligibility(db(), "+16195550163", { ...rules, now: new Date() })).toEqual({ allowed: true, permission: "consent" });

    await setMemberTextConsent(db(), owner, { phone: "619 555 0163", texts: "on" }, rules);
    await setMemberTextConsent(db(), owner, { phone: "619 555 0164", texts: "on" }, rules);
    expect(await smsPermissionFor(db(), "+16195550163")).toBeNull();
    expect(await smsPermissionFor(db(), "+16195550164")).toBe("consent");
    const [directory] = await db().select().from(userProfiles).where(eq(userProfiles.email, owner.email));
    expect(directory).toMatchObject({ phone: "619 555 0164" });

    expect((await rowsOf(owner.email)).map((row) => [row.purpose, row.granted, row.source])).toEqual([
      ["sms", true, "profile"],
      ["sms", true, "profile"],
    ]);
  });

  it("refuses a number it may not text, keeping what was there, and never undoes a STOP", async () => {
    const owner = await member("refused");
    expect(await setMemberTextConsent(db(), owner, { phone: "", texts: "on" }, rules)).toEqual({ ok: false, message: smsMessages.phoneForTexts, fieldErrors: { phone: smsMessages.phoneForTexts } });
    expect(await setMemberTextConsent(db(), owner, { phone: "12", texts: "on" }, rules)).toMatchObject({ ok: false, fieldErrors: { phone: smsMessages.phoneNotTextable } });
    expect(await setMemberTextConsent(db(), owner, { phone: "+33 6 12 34 56 78", texts: "on" }, rules)).toMatchObject({
      ok: false,
      fieldErrors: { phone: "Our texts go only to numbers in: United States. Please enter such a number, or untick the text messages box." },
    });
    expect(await rowsOf(owner.email)).toHaveLength(0);

    await optOut(db(), "+16195550165", "reply");
    const stopped = await setMemberTextConsent(db(), owner, { phone: "(619) 555-0165", texts: "on" }, rules);
    expect(stopped).toMatchObject({ ok: true, message: memberTextMessages.onButStopped, consent: { agreed: true, stopped: true } });
    expect(await textEligibility(db(), "+16195550165", { ...rules, now: new Date() })).toMatchObject({ allowed: false, reason: "opted-out" });
  });
});
