import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, events } from "#db/schema";
import { buildEvent } from "#app/modules/demo/factories/events";
import type { StaffMember } from "#app/modules/access";
import { readActivityLog } from "#app/modules/activity/index.server";
import { readCommunicationsPage, readEventMailings } from "#app/modules/campaigns/index.server";
import { readDashboard } from "#app/modules/dashboard/index.server";
import { suppressionList } from "#app/modules/deliverability/index.server";
import { listReservationsAdmin } from "#app/modules/reservations/index.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";

/**
 * The reads each staff page composes ask the policy themselves, like every staff use case
 * (docs/decisions/049): a new caller that forgets the page's guard still cannot show a member the
 * community list, the suppression list or the activity log. An admin gets each page's parts.
 */
describe("staff page reads ask the policy", () => {
  let database: TestDatabase;
  const admin: StaffMember = { id: "admin-1", email: "admin@example.com", role: "admin" };
  const usher: StaffMember = { id: "usher-1", email: "usher@example.com", role: "event-staff" };
  const member: StaffMember = { id: "member-1", email: "member@example.com", role: "member" };
  const now = new Date("2030-01-01T12:00:00Z");
  const timeZone = "America/Los_Angeles";

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  const reads = {
    dashboard: (actor: StaffMember | null) => readDashboard(database.handle.db, actor, { listKey: "community", search: "", page: 1, now, timeZone }),
    activity: (actor: StaffMember | null) => readActivityLog(database.handle.db, actor, { page: 1 }),
    communications: (actor: StaffMember | null) => readCommunicationsPage(database.handle.db, actor, { search: "", interest: "", timeZone, smsAllowedCountries: ["US"] }),
    suppressions: (actor: StaffMember | null) => suppressionList(database.handle.db, actor, ""),
    reservations: (actor: StaffMember | null) => listReservationsAdmin(database.handle.db, actor, { now }),
  };

  it("refuses a member and a visitor every one of them", async () => {
    for (const [page, read] of Object.entries(reads)) {
      for (const actor of [member, null]) {
        expect({ page, outcome: await read(actor) }).toMatchObject({ page, outcome: { ok: false, reason: "forbidden" } });
      }
    }
  });

  it("lets event staff read the reservations page only", async () => {
    expect(await reads.reservations(usher)).toMatchObject({ ok: true });
    for (const page of ["dashboard", "activity", "communications", "suppressions"] as const) {
      expect({ page, outcome: await reads[page](usher) }).toMatchObject({ page, outcome: { ok: false, reason: "forbidden" } });
    }
  });

  it("gives an admin each page's parts", async () => {
    expect(await reads.dashboard(admin)).toMatchObject({ ok: true, failed: false, list: { ok: true } });
    expect(await reads.activity(admin)).toMatchObject({ ok: true, page: 1 });
    expect(await reads.communications(admin)).toMatchObject({ ok: true, community: { total: expect.any(Number) } });
    expect(await reads.suppressions(admin)).toMatchObject({ ok: true, rows: [] });
    expect(await reads.reservations(admin)).toMatchObject({ ok: true, events: [] });
  });

  it("shows attendee mails only to staff who may send them, and to event staff only those of events in their scope", async () => {
    const db = database.handle.db;
    const [published, draft] = await db
      .insert(events)
      .values([buildEvent({ title: "Reads published", startsAt: now }), buildEvent({ title: "Reads draft", startsAt: now, status: "draft" })])
      .returning({ id: events.id });
    const mail = (tag: string, subject: string) => ({ kind: "event_attendees", tag, subject, bodyMarkdown: "See you soon.", createdByEmail: admin.email, status: "completed" as const });
    await db.insert(campaigns).values([
      mail(`event_attendees_${published!.id}`, "Doors open at 7"),
      mail(`event_attendees_${draft!.id}`, "Draft guests' note"),
      mail("door_note", "No event's note"),
    ]);
    const subjects = async (actor: StaffMember) => (await readEventMailings(db, actor)).campaigns.map((campaign) => campaign.subject).sort();
    expect(await readEventMailings(db, member)).toEqual({ campaigns: [], failed: {} });
    expect(await subjects(usher)).toEqual(["Doors open at 7"]);
    expect(await subjects(admin)).toEqual(["Doors open at 7", "Draft guests' note", "No event's note"]);
  });
});
