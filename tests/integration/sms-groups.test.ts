import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, community, events, outbox, reservations, smsMonthlyCounts, userProfiles, type EventRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { buildEvent, buildReservation } from "#app/modules/demo/factories/events";
import { listCampaigns, listTextRecipients } from "#app/modules/campaigns/campaign-progress.server";
import { cancelCampaign } from "#app/modules/campaigns/control-campaign.server";
import { createTextCampaign, describeTextAudiences } from "#app/modules/campaigns/create-text-campaign.server";
import { fanOutCampaign, resumeCampaigns, startScheduledCampaigns } from "#app/modules/campaigns/fan-out.server";
import { createOutboxSender, type OutboxSender } from "#app/modules/messaging/outbox-sender.server";
import { queueDueReminders } from "#app/modules/reservations/reminders.server";
import { textReminderKey } from "#app/modules/reservations/text-reminders.server";
import { optOut, queueText } from "#app/modules/sms/queue-text.server";
import { eventGuestAudience } from "#app/modules/campaigns/event-text-audience.server";
import { createSmsTransport } from "#app/modules/sms/sms-transport.server";
import { recordDeliveryStatus } from "#app/modules/sms/twilio-webhooks.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { TwilioFake } from "#tests/support/twilio-fake";
import { noSenderWakes } from "#tests/support/no-sender-wakes";

/**
 * Group texts and text reminders against the test database and the local Twilio stand-in. The
 * clock is passed in (quiet hours, the reminder's moment), never slept on.
 */
const timeZone = "America/Los_Angeles";
const HOUR = 3_600_000;
const staff = { id: "staff-1", email: "admin@harmonia.example", role: "admin" as const };
/** SMS_ALLOWED_COUNTRIES as every text path is told it (the venue's country, the default). */
const allowedCountries = ["US"];
const fanOut = { publicUrl: "http://localhost:3000", linkDays: 7, timeZone, smsAllowedCountries: allowedCountries, wake: noSenderWakes };
const started: string[] = [];
const starter = { startFanOut: async (campaignId: string) => void started.push(campaignId) };

/** Noon at the venue on 10 December 2026 (PST), and 21:00 the same evening. */
const noon = new Date("2026-12-10T20:00:00Z");
const evening = new Date("2026-12-11T05:00:00Z");

let database: TestDatabase;
let db: Database;
let sender: OutboxSender;
const twilio = new TwilioFake();
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.handle.db;
  await twilio.start();
  const settings = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: "+16195550100", apiBase: twilio.url };
  sender = createOutboxSender({ db, transports: { sms: createSmsTransport({ db, twilio: settings, ratePerSecond: 100 }) }, retryDelaySeconds: 1, concurrency: 1 });
});
afterAll(async () => {
  await sender?.stop();
  await twilio.stop();
  await database?.dispose();
});

const joinCommunity = (name: string, phone: string | null, email = `c${++counter}@example.com`) =>
  db.insert(community).values({ name, email, phone, interest: "live-piano", consentAcceptedAt: new Date(), smsConsentAt: new Date() });

async function createEvent(startsAt: Date, title = `Evening ${++counter}`): Promise<EventRow> {
  const [event] = await db
    .insert(events)
    .values({ ...buildEvent({ title, startsAt }), createdAt: new Date(startsAt.getTime() - 30 * 24 * HOUR) })
    .returning();
  return event!;
}

async function reserve(event: EventRow, overrides: Parameters<typeof buildReservation>[1] & { createdAt?: Date }) {
  const [row] = await db
    .insert(reservations)
    .values({ ...buildReservation(event.id, overrides), createdAt: overrides.createdAt ?? new Date(event.startsAt.getTime() - 10 * 24 * HOUR) })
    .returning();
  return row!;
}

/** Texts the stand-in received for a number, by body. */
const bodiesTo = (phone: string) => twilio.to(phone).map((message) => message.body);

describe("group texts", () => {
  it("text everyone with SMS consent once per number; opted-out numbers and numbers at 4 this month are skipped with the reason", async () => {
    await joinCommunity("Ada Lovelace", "(619) 555-2001");
    await joinCommunity("Ada Again", "+1 619-555-2001"); // the same number, typed differently
    await joinCommunity("No Phone", null);
    await joinCommunity("Opted Out", "619-555-2003");
    await joinCommunity("Busy Month", "619 555 2004");
    await db.insert(userProfiles).values([
      { email: `m${++counter}@example.com`, firstName: "Grace", phone: "6195552005", smsConsentAt: new Date() },
      { email: `m${++counter}@example.com`, firstName: "Silent", phone: "6195552006", smsConsentAt: null },
    ]);
    await optOut(db, "+16195552003", "reply");
    for (let index = 0; index < 4; index += 1) {
      await queueText(db, { to: "+16195552004", body: "earlier", kind: "sms-general", idempotencyKey: `earlier:${index}` }, { timeZone, now: noon, allowedCountries });
    }
    await sender.deliverDue();
    twilio.received.length = 0;

    const audiences = await describeTextAudiences(db, { timeZone, now: noon, allowedCountries });
    expect(audiences.community).toEqual({ numbers: 4, optedOut: 1, atMonthlyLimit: 1, outsideCountries: 0 });
    expect(audiences.withinSendingHours).toBe(true);

    const outcome = await createTextCampaign(db, staff, { audience: "community", message: "Hi {name}, Sunday's circle is on", campaign: "general" }, { starter, timeZone, now: noon, allowedCountries });
    expect(outcome).toMatchObject({ ok: true, queued: 2, skipped: 2, scheduledFor: null, message: "Texting 2 numbers (2 skipped)." });
    if (!outcome.ok) return;
    expect(started).toContain(outcome.campaignId);

    // Before the fan-out: queued, with the progress the page shows.
    let [summary] = await listCampaigns(db);
    expect(summary).toMatchObject({ id: outcome.campaignId, channel: "sms", status: "sending", tag: "general", counts: { recipients: 4, queued: 2, skipped: 2, sent: 0 } });

    await fanOutCampaign(db, outcome.campaignId, fanOut);
    await sender.deliverDue();
    expect(bodiesTo("+16195552001")).toEqual(["Hi Ada, Sunday's circle is on\nReply STOP to opt out"]);
    expect(bodiesTo("+16195552005")).toEqual(["Hi Grace, Sunday's circle is on\nReply STOP to opt out"]);
    expect(bodiesTo("+16195552003")).toEqual([]);
    expect(bodiesTo("+16195552004")).toEqual([]);
    expect(bodiesTo("+16195552006")).toEqual([]);

    [summary] = await listCampaigns(db);
    expect(summary).toMatchObject({ status: "completed", counts: { recipients: 4, queued: 0, sent: 2, skipped: 2, delivered: 0 } });

    // Twilio's delivery reports finish each recipient's story.
    await recordDeliveryStatus(db, { MessageSid: twilio.to("+16195552001")[0]!.sid, MessageStatus: "delivered" });
    await recordDeliveryStatus(db, { MessageSid: twilio.to("+16195552005")[0]!.sid, MessageStatus: "undelivered", ErrorCode: "30003" });
    [summary] = await listCampaigns(db);
    expect(summary).toMatchObject({ counts: { sent: 0, delivered: 1, failed: 1, skipped: 2 } });
    const results = await listTextRecipients(db, outcome.campaignId);
    expect(results.map(({ phone, status, reason }) => ({ phone, status, reason }))).toEqual(
      expect.arrayContaining([
        { phone: "+16195552001", status: "delivered", reason: null },
        { phone: "+16195552005", status: "failed", reason: "Twilio reported the text undelivered (error 30003)" },
        { phone: "+16195552003", status: "skipped", reason: "Opted out (replied STOP)" },
        { phone: "+16195552004", status: "skipped", reason: "Already received 4 texts this month" },
      ]),
    );
  });

  it("text the guests of one event who gave SMS consent, and say how many are left out and why", async () => {
    const event = await createEvent(new Date("2026-12-20T02:00:00Z"));
    await joinCommunity("Community Guest", "619-555-3099", "joined@example.com");
    await db.insert(userProfiles).values({ email: `m${++counter}@example.com`, firstName: "Member", phone: "+16195553002", smsConsentAt: new Date() });
    await reserve(event, { visitorName: "Joined Guest", visitorEmail: "Joined@Example.com", phone: "619-555-3001" }); // consent by e-mail
    await reserve(event, { visitorName: "Member Guest", phone: "(619) 555-3002" }); // consent by phone
    await reserve(event, { visitorName: "Stranger", phone: "619-555-3003" }); // no consent
    await reserve(event, { visitorName: "No Phone", phone: null });
    await reserve(event, { visitorName: "Bad Phone", phone: "12" });

    expect(await eventGuestAudience(db, event.id)).toMatchObject({ guests: 5, leftOut: { noPhone: 1, invalidPhone: 1, noConsent: 1 } });
    const outcome = await createTextCampaign(
      db,
      staff,
      { audience: "event", eventId: event.id, message: "Doors open at 6, {name}", campaign: "event_reminder", timing: "now" },
      { starter, timeZone, now: noon, allowedCountries },
    );
    expect(outcome).toMatchObject({ ok: true, queued: 2, skipped: 0 });
    if (!outcome.ok) return;
    await fanOutCampaign(db, outcome.campaignId, fanOut);
    await sender.deliverDue();
    expect(bodiesTo("+16195553001")).toEqual(["Doors open at 6, Joined\nReply STOP to opt out"]);
    expect(bodiesTo("+16195553002")).toEqual(["Doors open at 6, Member\nReply STOP to opt out"]);
    expect(bodiesTo("+16195553003")).toEqual([]);
    const [row] = await db.select({ subject: campaigns.subject, tag: campaigns.tag }).from(campaigns).where(eq(campaigns.id, outcome.campaignId));
    expect(row).toEqual({ subject: `Text to the guests of ${event.title}`, tag: "event_reminder" });
  });

  it("refuses a form without an audience, text or event, and a group nobody in which can be texted", async () => {
    expect(await createTextCampaign(db, staff, { audience: "", message: "", campaign: "general" }, { starter, timeZone, now: noon, allowedCountries })).toMatchObject({
      ok: false,
      fieldErrors: { audience: "Choose who the text goes to.", message: "Message is required" },
    });
    expect(await createTextCampaign(db, staff, { audience: "event", eventId: "nope", message: "Hi" }, { starter, timeZone, now: noon, allowedCountries })).toMatchObject({
      ok: false,
      fieldErrors: { eventId: "Choose the event whose guests get the text." },
    });
    const empty = await createEvent(new Date("2026-12-21T02:00:00Z"));
    await reserve(empty, { phone: null });
    expect(await createTextCampaign(db, staff, { audience: "event", eventId: empty.id, message: "Hi" }, { starter, timeZone, now: noon, allowedCountries })).toMatchObject({
      ok: false,
      fieldErrors: { audience: expect.stringContaining("Nobody in this group can be texted") },
    });
  });
});

describe("quiet hours", () => {
  it("schedules a group text asked for at 21:00 for 10:00 the next morning, starts it then (clock moved), and 'Send now' sends at once", async () => {
    const event = await createEvent(new Date("2026-12-24T02:00:00Z"));
    await joinCommunity("Night Owl", "619-555-4001", "owl@example.com");
    await joinCommunity("Early Bird", "619-555-4002", "bird@example.com");
    await reserve(event, { visitorEmail: "owl@example.com", visitorName: "Night Owl", phone: "619-555-4001" });
    await reserve(event, { visitorEmail: "bird@example.com", visitorName: "Early Bird", phone: "619-555-4002" });

    const audiences = await describeTextAudiences(db, { timeZone, now: evening, allowedCountries });
    expect(audiences).toMatchObject({ withinSendingHours: false, nextSendingTime: "10:00 AM, Friday 11 December (venue time)" });

    const scheduled = await createTextCampaign(db, staff, { audience: "event", eventId: event.id, message: "Good morning {name}" }, { starter, timeZone, now: evening, allowedCountries });
    expect(scheduled).toMatchObject({ ok: true, queued: 2, scheduledFor: new Date("2026-12-11T18:00:00Z") });
    expect(scheduled.message).toContain("Scheduled for 10:00 AM, Friday 11 December (venue time)");
    if (!scheduled.ok) return;
    expect(started).not.toContain(scheduled.campaignId);

    // Overnight nothing starts, whatever runs.
    await resumeCampaigns(db, fanOut, new Date("2026-12-11T17:59:00Z"));
    await sender.deliverDue();
    expect(bodiesTo("+16195554001")).toEqual([]);
    const [before] = await db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, scheduled.campaignId));
    expect(before?.status).toBe("scheduled");

    // Meanwhile one number reaches its 4 texts: at the start it is skipped, not texted.
    for (let index = 0; index < 4; index += 1) {
      await queueText(db, { to: "+16195554002", body: "busy", kind: "sms-general", idempotencyKey: `busy:${index}` }, { timeZone, now: evening, allowedCountries });
    }
    await sender.deliverDue();

    // 10:00 at the venue: the sweep starts it.
    await resumeCampaigns(db, fanOut, new Date("2026-12-11T18:00:00Z"));
    await sender.deliverDue();
    expect(bodiesTo("+16195554001")).toEqual(["Good morning Night\nReply STOP to opt out"]);
    expect(bodiesTo("+16195554002")).toEqual(["busy", "busy", "busy", "busy"]);
    const results = await listTextRecipients(db, scheduled.campaignId);
    expect(results.find((row) => row.phone === "+16195554002")).toMatchObject({ status: "skipped", reason: "Already received 4 texts this month" });
    // Starting is one conditional update: a second sweep finds nothing to start.
    expect(await startScheduledCampaigns(db, new Date("2026-12-11T18:01:00Z"))).toEqual([]);

    const now = await createTextCampaign(db, staff, { audience: "event", eventId: event.id, message: "Tonight!", timing: "now" }, { starter, timeZone, now: evening, allowedCountries });
    expect(now).toMatchObject({ ok: true, scheduledFor: null });
  });

  it("lets staff cancel a scheduled group text before it starts: nobody gets it", async () => {
    const event = await createEvent(new Date("2026-12-26T02:00:00Z"));
    await joinCommunity("Cancel Me", "619-555-5001", "cancel@example.com");
    await reserve(event, { visitorEmail: "cancel@example.com", phone: "619-555-5001" });
    const scheduled = await createTextCampaign(db, staff, { audience: "event", eventId: event.id, message: "Never sent" }, { starter, timeZone, now: evening, allowedCountries });
    if (!scheduled.ok) throw new Error(scheduled.message);
    expect(await cancelCampaign(db, staff, scheduled.campaignId)).toEqual({ ok: true, message: "Campaign cancelled." });
    await resumeCampaigns(db, fanOut, new Date("2026-12-11T18:00:00Z"));
    await sender.deliverDue();
    expect(bodiesTo("+16195555001")).toEqual([]);
    expect(await listTextRecipients(db, scheduled.campaignId)).toEqual([
      expect.objectContaining({ status: "skipped", reason: "Campaign cancelled before sending" }),
    ]);
  });
});

describe("text reminders", () => {
  it("text the day-before reminder once to guests with SMS consent (clock moved), never to others, a cancelled event's or a switched-off one's", async () => {
    // 18:00 at the venue on 15 January 2027: the day-before moment is 18:00 on the 14th, within sending hours.
    const starts = new Date("2027-01-16T02:00:00Z");
    const event = await createEvent(starts, "Piano at dusk");
    const quiet = await createEvent(new Date(starts.getTime() + 60_000), "Reminders off");
    await db.update(events).set({ remindersEnabled: false }).where(eq(events.id, quiet.id));
    await joinCommunity("Remind Me", "619-555-6001", "remind@example.com");
    await joinCommunity("Stopped", "619-555-6003", "stopped@example.com");
    await optOut(db, "+16195556003", "reply");
    const consenting = await reserve(event, { visitorEmail: "remind@example.com", visitorName: "Remind Me", phone: "(619) 555-6001" });
    const stranger = await reserve(event, { visitorName: "No Consent", phone: "619-555-6002" });
    const stopped = await reserve(event, { visitorEmail: "stopped@example.com", visitorName: "Stopped", phone: "619-555-6003" });
    await reserve(quiet, { visitorEmail: "remind@example.com", visitorName: "Remind Me", phone: "619-555-6001" });

    await queueDueReminders(db, noSenderWakes, new Date(starts.getTime() - 25 * HOUR), { timeZone });
    await sender.deliverDue();
    expect(bodiesTo("+16195556001")).toEqual([]);

    const moment = new Date(starts.getTime() - 24 * HOUR + 60_000);
    await Promise.all([queueDueReminders(db, noSenderWakes, moment, { timeZone, publicUrl: "https://harmonia.example" }), queueDueReminders(db, noSenderWakes, moment, { timeZone })]);
    await queueDueReminders(db, noSenderWakes, new Date(starts.getTime() - 23 * HOUR), { timeZone });
    await sender.deliverDue();
    expect(bodiesTo("+16195556001")).toHaveLength(1);
    expect(bodiesTo("+16195556001")[0]).toMatch(/^Hi Remind, a reminder: Piano at dusk is tomorrow, 6:00 PM at A private home in La Jolla\./);
    expect(bodiesTo("+16195556002")).toEqual([]);
    expect(bodiesTo("+16195556003")).toEqual([]);
    const rows = await db
      .select({ key: outbox.idempotencyKey, status: outbox.status, lastError: outbox.lastError })
      .from(outbox)
      .where(like(outbox.idempotencyKey, "sms-reminder:%"));
    expect(rows).toEqual(
      expect.arrayContaining([
        { key: textReminderKey(consenting.id), status: "sent", lastError: null },
        // Refused (opted out): recorded once under its key, never sent.
        { key: textReminderKey(stopped.id), status: "failed", lastError: expect.stringContaining("opted out") },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.key)).not.toContain(textReminderKey(stranger.id));
    // It counts towards the month's 4.
    const [count] = await db
      .select({ count: smsMonthlyCounts.count })
      .from(smsMonthlyCounts)
      .where(and(eq(smsMonthlyCounts.phone, "+16195556001"), eq(smsMonthlyCounts.month, "2027-01")));
    expect(count?.count).toBe(1);

    // The same-day pass and later passes send no second text.
    await queueDueReminders(db, noSenderWakes, new Date(starts.getTime() - 2 * HOUR), { timeZone });
    await sender.deliverDue();
    expect(bodiesTo("+16195556001")).toHaveLength(1);
  });

  it("waits for 10:00 when the day-before moment falls in quiet hours", async () => {
    // 08:00 at the venue on 20 January: its day-before moment is 08:00 on the 19th.
    const starts = new Date("2027-01-20T16:00:00Z");
    const event = await createEvent(starts, "Morning sit");
    await joinCommunity("Early Guest", "619-555-7001", "early@example.com");
    const reservation = await reserve(event, { visitorEmail: "early@example.com", phone: "619-555-7001" });
    await queueDueReminders(db, noSenderWakes, new Date(starts.getTime() - 24 * HOUR + 60_000), { timeZone });
    const [row] = await db.select({ due: outbox.nextAttemptAt }).from(outbox).where(eq(outbox.idempotencyKey, textReminderKey(reservation.id)));
    expect(row?.due.toISOString()).toBe("2027-01-19T18:00:00.000Z");
  });
});
