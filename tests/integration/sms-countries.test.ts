import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, outbox, type EventRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { createAuth } from "#app/lib/auth.server";
import { parseEnv } from "#app/lib/env.server";
import { memberAuthParts } from "#app/modules/members/auth-parts.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";
import { buildCommunitySignup } from "#app/modules/demo/factories/community";
import { buildEvent } from "#app/modules/demo/factories/events";
import { listTextRecipients, settleCampaign } from "#app/modules/campaigns/campaign-progress.server";
import { createTextCampaign } from "#app/modules/campaigns/create-text-campaign.server";
import { fanOutCampaign } from "#app/modules/campaigns/fan-out.server";
import type { SendReview } from "#app/modules/campaigns/send-review";
import { validateCommunitySignup } from "#app/modules/community/community-signup";
import { joinCommunity } from "#app/modules/community/join-community.server";
import type { OutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { reservationSchema } from "#app/modules/reservations/reservation-form";
import { queueDueReminders } from "#app/modules/reservations/reminders.server";
import { reserveSeatsForVisitor } from "#app/modules/reservations/reserve-seats-for-visitor.server";
import { textReminderKey } from "#app/modules/reservations/text-reminders.server";
import { smsJobs } from "#app/modules/sms/jobs.server";
import { queueText } from "#app/modules/sms/queue-text.server";
import { createSmsTransport } from "#app/modules/sms/sms-transport.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { TwilioFake } from "#tests/support/twilio-fake";
import { noSenderWakes } from "#tests/support/no-sender-wakes";

/**
 * SMS_ALLOWED_COUNTRIES on every text path (issue 34): a group text, the day-before reminder and
 * a text already queued leave a number of another country out, with the reason, and never text it;
 * and `{name}` never carries a link. People agree to texts through the real use cases (/join's SMS
 * box, the reservation form's), as a visitor abroad would; texts go to the local Twilio stand-in
 * through the text sender the server builds (`smsJobs`), with SMS_ALLOWED_COUNTRIES=US.
 */
const timeZone = "America/Los_Angeles";
const allowedCountries = ["US"];
const outsideUs = "Number outside US (SMS_ALLOWED_COUNTRIES)";
const HOUR = 3_600_000;
const staff = { id: "staff-countries", email: "admin@harmonia.example", role: "admin" as const };
const starter = { startFanOut: async () => undefined };
const fanOut = { publicUrl: "http://localhost:3000", linkDays: 7, timeZone, smsAllowedCountries: allowedCountries, wake: noSenderWakes };
/** Noon at the venue on 10 December 2026 (PST). */
const noon = new Date("2026-12-10T20:00:00Z");

let database: TestDatabase;
let db: Database;
let sender: OutboxSender;
const twilio = new TwilioFake();
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await twilio.start();
  const twilioSettings = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: "+16195550100", apiBase: twilio.url };
  sender = smsJobs({ db, transport: createSmsTransport({ db, twilio: twilioSettings, ratePerSecond: 100 }), retryDelaySeconds: 1, allowedCountries }).sender;
});
afterAll(async () => {
  await sender?.stop();
  await twilio.stop();
  await database?.dispose();
});

/** /join with Terms, e-mail updates and the SMS box ticked (its sign-in e-mail needs the running server's auth: logged, not sent). */
async function joinWithSmsBox(name: string, phone: string): Promise<void> {
  const checked = validateCommunitySignup(buildCommunitySignup({ name, phone }));
  if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
  const joined = await joinCommunity(db, { signup: checked.signup, client: { key: `198.51.100.${++counter}`, headers: new Headers(), rateLimitMultiplier: 100, auth: createAuth({ env: parseEnv({ PUBLIC_URL: "http://localhost:3000" }), db, secret: "s".repeat(32), ...memberAuthParts, accountLinks: { wake: noOutboxWake, keepSignInLink: false } }) } });
  expect(joined).toMatchObject({ joined: true });
}

const bodiesTo = (phone: string) => twilio.to(phone).map((message) => message.body);

const groupText = (message: string, review: { secret: string; confirm?: string }) =>
  createTextCampaign(db, staff, { audience: "community", message, campaign: "general", timing: "now" }, { starter, timeZone, now: noon, allowedCountries, review });

/** A group text to the community as staff send it: the review, then its confirm; the fan-out, then the sender. */
async function sendGroupText(message: string): Promise<{ review: SendReview; campaignId: string }> {
  const secret = "sms-countries-review-secret";
  const first = await groupText(message, { secret });
  if (first.ok || !first.review) throw new Error(`expected a review, got ${JSON.stringify(first)}`);
  const sent = await groupText(message, { secret, confirm: first.review.token });
  if (!sent.ok) throw new Error(sent.message);
  await fanOutCampaign(db, sent.campaignId, fanOut);
  await sender.deliverDue();
  await settleCampaign(db, sent.campaignId);
  return { review: first.review, campaignId: sent.campaignId };
}

describe("SMS_ALLOWED_COUNTRIES on every text path", () => {
  it("a group text leaves out a +33 number that ticked the SMS box on /join, with the reason in its review, and never texts it", async () => {
    await joinWithSmsBox("Amélie Martin", "+33 6 12 34 56 78");
    await joinWithSmsBox("Bea Local", "(619) 555-9101");

    const { review, campaignId } = await sendGroupText("Hi {name}, Sunday's circle is on");
    expect(review.count).toBe(1);
    expect(review.leftOut).toEqual([{ reason: outsideUs, count: 1, people: ["Amélie Martin (+33612345678)"] }]);
    expect(review.sample.text).toBe("Hi Bea, Sunday's circle is on\nReply STOP to opt out");

    expect(bodiesTo("+16195559101")).toEqual(["Hi Bea, Sunday's circle is on\nReply STOP to opt out"]);
    expect(twilio.to("+33612345678")).toEqual([]);
    const results = await listTextRecipients(db, campaignId);
    expect(results.map(({ phone, status, reason }) => ({ phone, status, reason }))).toEqual(
      expect.arrayContaining([
        { phone: "+16195559101", status: "sent", reason: null },
        { phone: "+33612345678", status: "skipped", reason: outsideUs },
      ]),
    );
  });

  it("the day-before text reminder is not sent to a +33 guest who ticked the SMS box; it is kept as refused with the reason", async () => {
    const starts = new Date("2027-01-16T02:00:00Z");
    const [event] = await db
      .insert(events)
      .values({ ...buildEvent({ title: "Reminder abroad", startsAt: starts }), createdAt: new Date(starts.getTime() - 30 * 24 * HOUR) })
      .returning();
    const reserve = async (name: string, email: string, phone: string) => {
      const input = reservationSchema.parse({ name, email, phone, seats: "1", smsConsent: "on" });
      const outcome = await reserveSeatsForVisitor(db, {
        client: { key: `203.0.113.${++counter}`, rateLimitMultiplier: 100, seatsPerEvent: 10 },
        eventSlug: (event as EventRow).slug,
        input,
        wake: noOutboxWake,
      });
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome.reservation;
    };
    const abroad = await reserve("Luc Abroad", "luc@example.com", "+33 6 12 34 56 79");
    const local = await reserve("Lia Local", "lia@example.com", "619-555-9102");

    await queueDueReminders(db, noSenderWakes, new Date(starts.getTime() - 24 * HOUR + 60_000), { timeZone, smsAllowedCountries: allowedCountries });
    await sender.deliverDue();
    expect(bodiesTo("+16195559102")).toHaveLength(1);
    expect(twilio.to("+33612345679")).toEqual([]);
    const [refused] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, textReminderKey(abroad.id)));
    expect(refused).toMatchObject({ status: "failed", lastError: expect.stringContaining("Texts can be sent only to numbers in US (SMS_ALLOWED_COUNTRIES)") });
    const [sent] = await db.select().from(outbox).where(eq(outbox.idempotencyKey, textReminderKey(local.id)));
    expect(sent).toMatchObject({ status: "sent" });
  });

  it("a text queued while its country was allowed is cancelled with the reason when it is sent after the list changed", async () => {
    // Queued under SMS_ALLOWED_COUNTRIES=US,FR (say before a restart with US alone).
    const queued = await queueText(
      db,
      { to: "+33612345670", body: "Bonjour\nReply STOP to opt out", kind: "sms-general", idempotencyKey: "sms-countries:queued-abroad" },
      { timeZone, allowedCountries: ["US", "FR"] },
    );
    if (!queued.ok) throw new Error(queued.message);
    await sender.deliverDue();
    expect(twilio.to("+33612345670")).toEqual([]);
    const [row] = await db.select().from(outbox).where(eq(outbox.id, queued.id));
    expect(row).toMatchObject({ status: "cancelled", lastError: outsideUs });
  });
});

describe("{name} in a text", () => {
  it.each([
    ["http://evil.example", "+16195559111"],
    ["evil.com", "+16195559112"],
    ["a@b.co", "+16195559113"],
  ])("a first name %s becomes 'friend' in a group text", async (name, phone) => {
    await joinWithSmsBox(`${name} Lovelace`, phone);
    await sendGroupText(`Hello {name}, it is ${name.length} characters`);
    expect(bodiesTo(phone)).toEqual([`Hello friend, it is ${name.length} characters\nReply STOP to opt out`]);
  });
});
