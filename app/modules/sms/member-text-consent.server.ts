import { and, desc, isNotNull, sql } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { communityTextConsentOf, withdrawCommunityTextConsent } from "#app/modules/community/index.server";
import { directoryTextConsentOf, giveDirectoryTextConsent, withdrawDirectoryTextConsent } from "#app/modules/members/index.server";
import { recordConsents } from "#app/modules/consent/index.server";
import type { TextRules } from "./text-eligibility.server";
import { numberRefusals } from "./text-eligibility.server";
import { memberTextState, type MemberTextConsent } from "./member-text-words";
import { phoneForTextsProblem, toE164 } from "./sms-texts";
import { normaliseEmailAddress } from "#app/lib/email-address";

/**
 * A reservation made with this address, as the SMS consent of guests is matched (`hasSmsConsent`).
 * Guests' consent stays read and withdrawn here: reservations imports this module (its reminders),
 * so asking its door back would close a module circle.
 */
const guestAddressIs = (email: string) => sql`lower(trim(${reservations.visitorEmail})) = ${email}`;

export interface TextConsentOwner {
  id: string;
  email: string;
}

/**
 * What the profile shows about texts: the number we hold for the member (the one their SMS
 * consent is for, when they gave one), whether they agreed to texts (the community form's box,
 * an invitation's, a reservation's, or the profile's own, by their address), and whether that
 * number replied STOP, which only START undoes.
 */
export async function getMemberTextConsent(db: Database, owner: TextConsentOwner, rules: TextRules): Promise<MemberTextConsent> {
  const email = normaliseEmailAddress(owner.email);
  const profile = await directoryTextConsentOf(db, email);
  const signUp = await communityTextConsentOf(db, email);
  const guests = await db
    .select({ phone: reservations.phone, agreedAt: reservations.smsConsentAt })
    .from(reservations)
    .where(and(guestAddressIs(email), isNotNull(reservations.phone)))
    .orderBy(desc(reservations.createdAt))
    .limit(20);
  const places = [profile, signUp, ...guests].filter((place): place is { phone: string | null; agreedAt: Date | null } => place !== undefined);
  const agreed = places.find((place) => place.agreedAt && place.phone?.trim());
  const phone = (agreed ?? places.find((place) => place.phone?.trim()))?.phone?.trim() ?? null;
  const number = phone ? toE164(phone) : null;
  const refusal = number ? (await numberRefusals(db, [number], rules)).get(number) : undefined;
  return { phone, agreed: agreed !== undefined, stopped: refusal === "opted-out" };
}

export type SetMemberTextConsentOutcome =
  | { ok: true; message: string; consent: MemberTextConsent }
  | { ok: false; message: string; fieldErrors: { phone: string } };

/**
 * The member gives or withdraws their SMS consent on the profile, besides replying STOP. Given: for
 * the number they typed (one we may text: `phoneForTextsProblem`), kept in their member-directory
 * row, which becomes the one place of their consent (an earlier one for another number no longer
 * counts). Withdrawn: every SMS consent of their address goes (the directory's, the community
 * list's, their reservations'), so no group text, reminder or single text reaches them. Each change
 * is a consents row (source profile) in the same transaction; a save that changes nothing records
 * nothing. A number that replied STOP stays stopped until it sends START: agreeing here does not
 * undo a STOP (`textEligibility` keeps refusing), and the answer says so.
 */
export async function setMemberTextConsent(
  db: Database,
  owner: TextConsentOwner,
  input: { phone?: string; texts?: string },
  rules: TextRules & { now?: Date },
): Promise<SetMemberTextConsentOutcome> {
  const wanted = input.texts === "on";
  const phone = (input.phone ?? "").trim().slice(0, 40);
  if (wanted) {
    const problem = phoneForTextsProblem(phone, rules.allowedCountries);
    if (problem) return { ok: false, message: problem, fieldErrors: { phone: problem } };
  }
  const email = normaliseEmailAddress(owner.email);
  const now = rules.now ?? new Date();
  await db.transaction(async (tx) => {
    // One change at a time per member: two tabs saving at once must not both record a change.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`text-consent:${email}`}))`);
    const current = await getMemberTextConsent(tx, owner, rules);
    const sameNumber = current.phone !== null && toE164(current.phone) === toE164(phone);
    if (wanted) {
      if (current.agreed && sameNumber) return;
      await clearTextConsents(tx, email);
      await giveDirectoryTextConsent(tx, { email, phone, at: now });
      await recordConsents(tx, { email, userId: owner.id, source: "profile", answers: { sms: true } });
      return;
    }
    if (!current.agreed) return;
    await clearTextConsents(tx, email);
    await recordConsents(tx, { email, userId: owner.id, source: "profile", answers: { sms: false } });
  });
  const consent = await getMemberTextConsent(db, owner, rules);
  return { ok: true, message: memberTextState(consent), consent };
}

/** Every SMS consent kept for the address: the directory's, the community list's and its reservations'. */
async function clearTextConsents(tx: Database, email: string): Promise<void> {
  await withdrawDirectoryTextConsent(tx, email);
  await withdrawCommunityTextConsent(tx, email);
  await tx.update(reservations).set({ smsConsentAt: null }).where(and(guestAddressIs(email), isNotNull(reservations.smsConsentAt)));
}
