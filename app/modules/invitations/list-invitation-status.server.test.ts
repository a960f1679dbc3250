import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations, userProfiles } from "#db/schema";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { buildInvitation, buildUserProfile } from "#app/modules/demo/factories/invitations";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { allInvitationStatus, listInvitationStatus } from "./list-invitation-status.server";

// The list reads the invitee's contact details through the members module's directory subquery.
describe("the invitation status list", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("shows the phone and interests the invitee gave in the directory (by address, any case), else the invitation's phone", async () => {
    const accepted = uniqueEmail("status-accepted");
    const pending = uniqueEmail("status-pending");
    await db()
      .insert(invitations)
      .values([
        buildInvitation({ email: accepted, firstName: "Zora", phone: "+1 619 555 0111", sentAt: new Date(Date.now() - 60_000), acceptedAt: new Date() }),
        buildInvitation({ email: pending, firstName: "Zora", phone: "+1 619 555 0122" }),
      ]);
    await db()
      .insert(userProfiles)
      .values({ ...buildUserProfile({ email: accepted.toUpperCase(), phone: "+1 619 555 0199" }), interests: ["Live piano meditation events", "Sound baths", "Retreats"] });

    const page = await listInvitationStatus(db(), { page: 1, search: "zora" });
    expect(page.total).toBe(2);
    const byEmail = new Map(page.rows.map((row) => [row.email, row]));
    expect(byEmail.get(accepted)).toMatchObject({ status: "accepted", phone: "+1 619 555 0199", interests: ["Live piano meditation events", "Sound baths", "Retreats"] });
    expect(byEmail.get(pending)).toMatchObject({ status: "pending", phone: "+1 619 555 0122", interests: [], interestsShown: expect.any(String) });
    expect(page.rows.map((row) => row.email)).toEqual([pending, accepted]);

    const everyone = await allInvitationStatus(db());
    expect(everyone.filter((row) => row.email === accepted || row.email === pending)).toHaveLength(2);
    expect(everyone.find((row) => row.email === accepted)?.phone).toBe("+1 619 555 0199");
  });
});
