import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { activityLog, invitations, outbox, unsubscribes } from "#db/schema";
import type { OutboxMessage } from "#db/schema";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { importAttendees } from "./import-attendees.server";
import { invitationEmailRenderer, invitationGoneReason, INVITATION_EMAIL } from "./invitation-email.server";
import { resendInvitation, revokeInvitation } from "./manage-invitation.server";
import { previewAttendeeImport } from "./preview-attendee-import.server";
import { noOutboxWake } from "#app/modules/messaging/index.server";

/**
 * The import's use cases on the database (PostgreSQL too with DATABASE_URL): standings looked up
 * again at confirmation, two confirmations naming one person making one invitation, and e-mails
 * that are never sent with a dead link.
 */
describe("importing attendees (use cases)", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const actor = { id: "00000000-0000-4000-8000-000000000001", email: "boss@example.com", role: "admin" as const };
  const file = (...emails: string[]) => ["email,first name,event name", ...emails.map((email, index) => `${email},Person${index},Sunset Session`)].join("\n");
  const preview = async (text: string) => {
    const outcome = await previewAttendeeImport(db(), actor, { fileName: "a.csv", size: text.length, bytes: new TextEncoder().encode(text) });
    if (!outcome.ok) throw new Error(outcome.message);
    return outcome.preview;
  };
  const invitationsTo = (email: string) => db().select().from(invitations).where(eq(invitations.email, email));
  const messagesOf = (invitationId: string) => db().select().from(outbox).where(sql`${outbox.meta}->>'invitationId' = ${invitationId}`);
  const render = (messages: OutboxMessage[]) => invitationEmailRenderer({ publicUrl: "https://harmonia.example" }).render(db(), messages);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it("skips at confirmation whoever unsubscribed after the preview, and records the counts", async () => {
    const shown = await preview(file("late@example.com", "keen@example.com"));
    expect(shown.counts.new).toBe(2);
    await db().insert(unsubscribes).values({ email: "late@example.com", source: "link" });
    const outcome = await importAttendees(db(), actor, { importId: shown.importId }, noOutboxWake);
    expect(outcome).toMatchObject({ ok: true, created: 1, emailsQueued: 1, unsubscribed: 1 });
    expect(await invitationsTo("late@example.com")).toHaveLength(0);
    const [entry] = await db().select().from(activityLog).where(eq(activityLog.subjectId, shown.importId));
    expect(entry).toMatchObject({ kind: "invitations.imported", actorEmail: actor.email });
    expect(entry!.after).toMatchObject({ created: 1, unsubscribed: 1, people: 2 });
  });

  it("flags a name that reads as a formula or a link in the preview, and the e-mail greets that person as 'friend' (issue 35)", async () => {
    const text = [
      "email,first name,last name,event name",
      'formula@example.com,"=HYPERLINK(""http://x"",""Hi"")",Smith,Sunset Session',
      "linked@example.com,Win,www.prizes.example,Sunset Session",
      "plain@example.com,Mary,Lee,Sunset Session",
    ].join("\n");
    const shown = await preview(text);
    expect(shown.flaggedNames).toBe(2);
    const flags = Object.fromEntries(shown.lists.new.map((person) => [person.email, person.nameFlag ?? null]));
    expect(flags).toEqual({ "formula@example.com": "formula", "linked@example.com": "link", "plain@example.com": null });

    await importAttendees(db(), actor, { importId: shown.importId }, noOutboxWake);
    const greeting = async (email: string) => {
      const [invitation] = await invitationsTo(email);
      const [message] = await messagesOf(invitation!.id);
      return ((await render([message!])).get(message!.id) as { rendered: { text: string } }).rendered.text;
    };
    expect(await greeting("formula@example.com")).toContain("Hello friend,");
    expect(await greeting("linked@example.com")).toContain("Hello friend,");
    expect(await greeting("linked@example.com")).not.toContain("Win");
    expect(await greeting("plain@example.com")).toContain("Hello Mary,");
  });

  it("makes one invitation when two previews naming the same person are confirmed at once", async () => {
    const [first, second] = await Promise.all([preview(file("twice@example.com", "one@example.com")), preview(file("twice@example.com", "two@example.com"))]);
    const outcomes = await Promise.all([importAttendees(db(), actor, { importId: first.importId }, noOutboxWake), importAttendees(db(), actor, { importId: second.importId }, noOutboxWake)]);
    expect(outcomes.map((outcome) => outcome.ok && outcome.created).sort()).toEqual([1, 2]);
    expect(await invitationsTo("twice@example.com")).toHaveLength(1);
    expect(await importAttendees(db(), actor, { importId: first.importId }, noOutboxWake)).toMatchObject({ ok: false, reason: "gone" });
    expect(await importAttendees(db(), actor, { importId: "not-a-uuid" }, noOutboxWake)).toMatchObject({ ok: false, reason: "gone" });
  });

  it("never mails a dead link: a resent invitation's first e-mail is gone, a revoked one's too", async () => {
    const shown = await preview(file("resent@example.com"));
    await importAttendees(db(), actor, { importId: shown.importId }, noOutboxWake);
    const [invitation] = await invitationsTo("resent@example.com");
    const [firstMessage] = await messagesOf(invitation!.id);
    const rendered = await render([firstMessage!]);
    expect(rendered.get(firstMessage!.id)).toMatchObject({ rendered: { subject: expect.stringContaining("4 unreleased tracks") } });
    const html = (rendered.get(firstMessage!.id) as { rendered: { html: string; text: string } }).rendered;
    expect(html.text).toContain(`/invitation?rid=${invitation!.rid}&campaign=past_attendee_invitation`);
    expect(html.html).toContain(`rid=${invitation!.rid}&amp;campaign=past_attendee_invitation`);
    expect(html.text).toContain("Hello Person0,");

    expect(await resendInvitation(db(), actor, { invitationId: invitation!.id }, noOutboxWake, new Date(Date.now() + 1000))).toMatchObject({ ok: true });
    const messages = await messagesOf(invitation!.id);
    expect(messages.filter((message) => message.kind === INVITATION_EMAIL)).toHaveLength(2);
    const outcomes = await render(messages);
    expect(outcomes.get(firstMessage!.id)).toEqual({ gone: invitationGoneReason });
    const [renewed] = await invitationsTo("resent@example.com");
    expect(renewed!.rid).not.toBe(invitation!.rid);
    const second = messages.find((message) => message.id !== firstMessage!.id)!;
    expect(outcomes.get(second.id)).toMatchObject({ rendered: {} });

    expect(await revokeInvitation(db(), actor, { invitationId: invitation!.id })).toMatchObject({ ok: true });
    expect((await render([second])).get(second.id)).toEqual({ gone: invitationGoneReason });
    expect(await revokeInvitation(db(), actor, { invitationId: invitation!.id })).toMatchObject({ ok: false, reason: "already-revoked" });
  });
});
