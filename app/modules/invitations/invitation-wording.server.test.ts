import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { invitations, outbox } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { importAttendees } from "./import-attendees.server";
import { reviseImportWording } from "./import-invitation-preview.server";
import { invitationEmailRenderer } from "./invitation-email.server";
import { DEFAULT_INVITATION_WORDING, eventLineFor, invitationWordingMessages } from "./invitation-wording";
import { latestInvitationWording } from "./invitation-wording.server";
import { previewAttendeeImport } from "./preview-attendee-import.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";

/**
 * The invitation's words on an import's preview (docs/decisions/044): rendered for a real invitee
 * naming their event, edited, checked, escaped, kept for the next import, and sent as previewed.
 */
describe("the invitation's words on an attendee import", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const publicUrl = "https://harmonia.example";
  const actor = { id: "00000000-0000-4000-8000-000000000001", email: "boss@example.com", role: "admin" as const };
  const file = ["email,first name,last name,event name,event start date", "ada@example.com,Ada,Lovelace,Full Moon Piano,2025-08-15", "bo@example.com,Bo,,Sunset Session,"].join("\n");
  const preview = async () => {
    const outcome = await previewAttendeeImport(db(), actor, { fileName: "a.csv", size: file.length, bytes: new TextEncoder().encode(file) }, new Date(), { publicUrl });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.preview;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("shows the invitation for a real invitee of the file, naming the event they came to", async () => {
    const shown = await preview();
    expect(shown.invitation).toMatchObject({ to: "Ada Lovelace <ada@example.com>", subject: DEFAULT_INVITATION_WORDING.subject, wording: DEFAULT_INVITATION_WORDING });
    expect(shown.invitation!.html).toContain("Hello Ada,");
    expect(shown.invitation!.html).toContain("Thank you for joining us at Full Moon Piano on August 15th, 2025.");
    expect(eventLineFor([])).toBe("Thank you for joining us at one of our live piano meditations.");
    expect(eventLineFor([{ name: "A", date: "2024-01-02" }, { name: "B & C", date: "2025-03-04" }])).toBe("Thank you for joining us at B & C on March 4th, 2025, and once before.");
  });

  it("refuses empty or too long words with their messages, keeping what was typed", async () => {
    const shown = await preview();
    const outcome = await reviseImportWording(db(), actor, { importId: shown.importId, subject: "  ", intro: "x".repeat(2001) }, { publicUrl });
    expect(outcome).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { subject: invitationWordingMessages.subject, intro: invitationWordingMessages.introLength },
      values: { subject: "  ", intro: "x".repeat(2001) },
    });
    const newline = await reviseImportWording(db(), actor, { importId: shown.importId, subject: "Hi\nBcc: x@example.com", intro: "Words" }, { publicUrl });
    expect(newline).toMatchObject({ ok: false, reason: "invalid" });
  });

  it("renders edited words escaped, keeps them for the next import, and sends them as previewed", async () => {
    const shown = await preview();
    const words = { subject: "Your gift from the Full Moon night", intro: "We played <b>for you</b> & the moon.\n\nCome back soon." };
    const revised = await reviseImportWording(db(), actor, { importId: shown.importId, ...words }, { publicUrl });
    expect(revised.ok).toBe(true);
    if (!revised.ok) return;
    expect(revised.preview.invitation!.subject).toBe(words.subject);
    expect(revised.preview.invitation!.html).toContain("We played &lt;b&gt;for you&lt;/b&gt; &amp; the moon.");
    expect(revised.preview.invitation!.html).not.toContain("<b>for you</b>");
    expect(revised.preview.invitation!.html).toContain("Come back soon.");
    expect(await latestInvitationWording(db())).toMatchObject(words);
    // The next import starts from them.
    expect((await preview()).invitation!.wording).toEqual(words);

    // A confirmation with other words than the previewed ones sends nothing.
    expect(await importAttendees(db(), actor, { importId: shown.importId, subject: "Other", intro: words.intro }, noOutboxWake)).toMatchObject({ ok: false, reason: "changed" });
    expect(await db().select().from(invitations).where(eq(invitations.email, "ada@example.com"))).toHaveLength(0);

    const confirmed = await importAttendees(db(), actor, { importId: shown.importId, ...words }, noOutboxWake);
    expect(confirmed).toMatchObject({ ok: true, created: 2 });
    const [invitation] = await db().select().from(invitations).where(eq(invitations.email, "ada@example.com"));
    const messages = await db().select().from(outbox).where(sql`${outbox.meta}->>'invitationId' = ${invitation!.id}`);
    expect(messages[0]!.subject).toBe(words.subject);
    const rendered = (await invitationEmailRenderer({ publicUrl }).render(db(), messages)).get(messages[0]!.id);
    expect(rendered && "rendered" in rendered ? rendered.rendered : null).toMatchObject({ subject: words.subject });
    const email = rendered && "rendered" in rendered ? rendered.rendered : undefined;
    expect(email!.html).toContain("Thank you for joining us at Full Moon Piano on August 15th, 2025.");
    expect(email!.html).toContain("We played &lt;b&gt;for you&lt;/b&gt; &amp; the moon.");
    expect(email!.text).toContain("We played <b>for you</b> & the moon.");
    expect(email!.html).toContain(`rid=${encodeURIComponent(invitation!.rid)}`);
  });
});
