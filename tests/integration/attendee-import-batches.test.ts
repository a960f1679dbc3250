import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { invitations, outbox, unsubscribes, userProfiles } from "#db/schema";
import { queryRows } from "#app/lib/db.server";
import { parseAttendeeCsv } from "#app/modules/invitations/attendee-csv";
import { readImportPeople } from "#app/modules/invitations/attendee-import-people.server";
import { attendeeImportMessages, PAST_ATTENDEE_CAMPAIGN } from "#app/modules/invitations/attendee-import-messages";
import type { AttendeeImportPreview, PreviewPerson } from "#app/modules/invitations/attendee-import-preview";
import { importAttendees } from "#app/modules/invitations/import-attendees.server";
import { reviseImportWording } from "#app/modules/invitations/import-invitation-preview.server";
import { INVITATION_EMAIL } from "#app/modules/invitations/invitation-email.server";
import { PREVIEW_LIST_LIMIT, previewAttendeeImport } from "#app/modules/invitations/preview-attendee-import.server";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { noOutboxWake } from "#app/modules/messaging/index.server";

/**
 * The attendee import works through a large file in batches (parsing, looking people up, keeping
 * them, inviting them) so the embedded database, which runs in the web server's thread, never holds
 * other requests for long (issue 34). The batching must change nothing: a file of a few thousand
 * rows, with people repeated, bad addresses and people already known falling on every batch
 * boundary, previews and imports exactly as a model of the spec's rules says it should.
 */
describe("an attendee import worked through in batches", () => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const actor = { id: "00000000-0000-4000-8000-000000000034", email: "boss@example.com", role: "admin" as const };
  const now = new Date("2026-03-01T12:00:00Z");
  const events = [
    { name: "Sunset Session", date: "2025-09-14" },
    { name: "Spring Session", date: "2025-04-06" },
    { name: "Autumn Session", date: "2025-10-05" },
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  /** The turns the event loop takes while `work` runs (a chain of setImmediate counts one per turn). */
  async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
    let turns = 0;
    let working = true;
    const count = () => {
      if (!working) return;
      turns += 1;
      setImmediate(count);
    };
    setImmediate(count);
    try {
      return { result: await work(), turns };
    } finally {
      working = false;
    }
  }

  interface ModelPerson {
    email: string;
    n: number;
    rows: number[];
    eventHistory: { name: string; date: string }[];
  }

  /**
   * The file and what the spec's rules make of it, written out plainly: person n is first seen on
   * one row and may come back (another event, the address in capitals with blanks around it);
   * some rows have no address or a broken one; a TOTALS line closes the file.
   */
  function attendeeFile(rowCount: number, stamp: string) {
    const lines = ["Email,First Name,Last Name,Event Name,Event Start Date"];
    const people: ModelPerson[] = [];
    const dropped: { row: number; reason: string; text: string }[] = [];
    for (let r = 0; r < rowCount; r += 1) {
      const row = r + 2;
      const event = events[r % events.length]!;
      if (r % 97 === 13) {
        lines.push(`not an address,Nobody,,${event.name},${event.date}`);
        dropped.push({ row, reason: attendeeImportMessages.noRowReason, text: "not an address" });
        continue;
      }
      if (r % 89 === 5) {
        lines.push(`broken${r}@nodot,Broken,,${event.name},${event.date}`);
        dropped.push({ row, reason: attendeeImportMessages.invalidEmailReason, text: `broken${r}@nodot` });
        continue;
      }
      if (r % 7 === 6 && people.length > 0) {
        const person = people[(r * 31) % people.length]!;
        lines.push(` ${person.email.toUpperCase()} ,,Later,${event.name},${event.date}`);
        person.rows.push(row);
        if (!person.eventHistory.some((visit) => visit.name === event.name && visit.date === event.date)) person.eventHistory.push(event);
        continue;
      }
      const n = people.length;
      const person = { email: `p${n}-${stamp}@example.com`, n, rows: [row], eventHistory: [event] };
      people.push(person);
      lines.push(`${person.email},First${n},Last${n},${event.name},${event.date}`);
    }
    lines.push(`TOTALS,,,,${rowCount}`);
    dropped.push({ row: rowCount + 2, reason: attendeeImportMessages.totalsReason, text: "TOTALS" });
    return { text: lines.join("\n"), people, dropped };
  }

  it(
    "previews and imports a file of 4,200 rows exactly as the rules say, giving other requests turns throughout",
    { timeout: 300_000 },
    async () => {
      const { text, people, dropped } = attendeeFile(4200, "b34");
      // Who is known already, falling on the boundaries of the lookups' and the storage's batches of 500.
      const boundaries = new Set([499, 500, 501, 999, 1000, 1499, 1500, 1999, 2000]);
      const isMember = (n: number) => n % 10 === 3 || boundaries.has(n) || n % 40 === 21;
      const isUnsubscribed = (n: number) => n % 25 === 7;
      const invitedStatus = (n: number) => (n % 40 === 11 ? "pending" : n % 40 === 31 ? "revoked" : undefined);
      const member = people.filter((person) => person.n % 10 === 3 || boundaries.has(person.n));
      for (let start = 0; start < member.length; start += 500) {
        // Capitals in the directory: people are compared lower-cased.
        await db().insert(userProfiles).values(member.slice(start, start + 500).map((person) => ({ email: person.email.toUpperCase() })));
      }
      const gone = people.filter((person) => isUnsubscribed(person.n));
      await db().insert(unsubscribes).values(gone.map((person) => ({ email: person.email, source: "link" })));
      const invitedBefore = people.filter((person) => person.n % 40 === 11 || person.n % 40 === 21 || person.n % 40 === 31);
      await db()
        .insert(invitations)
        .values(
          invitedBefore.map((person) => ({
            rid: `rid-${person.n}-b34`,
            email: person.email.toUpperCase(),
            status: person.n % 40 === 21 ? ("accepted" as const) : ("pending" as const),
            expiresAt: new Date(now.getTime() + 86_400_000),
            revokedAt: person.n % 40 === 31 ? now : null,
          })),
        );

      const standing = (person: ModelPerson) =>
        isMember(person.n) ? "members" : isUnsubscribed(person.n) ? "unsubscribed" : invitedStatus(person.n) ? "invited" : "new";
      const summary = (person: ModelPerson, status?: string): PreviewPerson => ({
        email: person.email,
        fullName: `First${person.n} Last${person.n}`,
        events: person.eventHistory.length,
        rows: person.rows,
        ...(status ? { status: status as PreviewPerson["status"] } : {}),
      });
      const listOf = (kind: string) => people.filter((person) => standing(person) === kind);
      const merged = people.filter((person) => person.rows.length > 1);
      const expectedCounts = {
        new: listOf("new").length,
        merged: merged.length,
        members: listOf("members").length,
        unsubscribed: listOf("unsubscribed").length,
        invited: listOf("invited").length,
        invalid: dropped.length,
      };
      // The model covers every case on more than one batch.
      expect(Object.values(expectedCounts).every((count) => count > 20)).toBe(true);
      expect(people.length).toBeGreaterThan(3000);

      const previewed = await turnsDuring(() =>
        previewAttendeeImport(db(), actor, { fileName: "big.csv", size: text.length, bytes: new TextEncoder().encode(text) }, now, { publicUrl: "https://harmonia.example" }),
      );
      if (!previewed.result.ok) throw new Error(previewed.result.message);
      const preview: AttendeeImportPreview = previewed.result.preview;
      expect({ rowCount: preview.rowCount, people: preview.people, counts: preview.counts }).toEqual({ rowCount: 4201, people: people.length, counts: expectedCounts });
      expect(preview.lists).toEqual({
        new: listOf("new").slice(0, PREVIEW_LIST_LIMIT).map((person) => summary(person)),
        merged: merged.slice(0, PREVIEW_LIST_LIMIT).map((person) => summary(person)),
        members: listOf("members").slice(0, PREVIEW_LIST_LIMIT).map((person) => summary(person)),
        unsubscribed: listOf("unsubscribed").slice(0, PREVIEW_LIST_LIMIT).map((person) => summary(person)),
        invited: listOf("invited").slice(0, PREVIEW_LIST_LIMIT).map((person) => summary(person, invitedStatus(person.n))),
        invalid: dropped.slice(0, PREVIEW_LIST_LIMIT),
      });
      expect(preview.invitation?.to).toBe(`First${listOf("new")[0]!.n} Last${listOf("new")[0]!.n} <${listOf("new")[0]!.email}>`);

      // Every person kept, in the file's order, as the parser read them (names filled from the first row).
      const kept = await readImportPeople(db(), preview.importId);
      const parsed = await parseAttendeeCsv(text);
      expect(parsed.ok && kept).toEqual(parsed.ok && parsed.people);
      expect(kept.map(({ email, rows, eventHistory, firstName }) => ({ email, rows, eventHistory, firstName }))).toEqual(
        people.map((person) => ({ email: person.email, rows: person.rows, eventHistory: person.eventHistory, firstName: `First${person.n}` })),
      );
      // At least a turn per batch of 500 people, for the lookups (four each) and the storage.
      const batches = Math.ceil(people.length / 500);
      expect(previewed.turns).toBeGreaterThanOrEqual(5 * batches);

      const confirmed = await turnsDuring(() => importAttendees(db(), actor, { importId: preview.importId }, noOutboxWake, now));
      expect(confirmed.result).toMatchObject({
        ok: true,
        created: expectedCounts.new,
        emailsQueued: expectedCounts.new,
        members: expectedCounts.members,
        unsubscribed: expectedCounts.unsubscribed,
        invited: expectedCounts.invited,
      });
      expect(confirmed.turns).toBeGreaterThanOrEqual(5 * batches);
      const made = await db()
        .select({ email: invitations.email, eventHistory: invitations.eventHistory, firstName: invitations.firstName })
        .from(invitations)
        .where(eq(invitations.campaign, PAST_ATTENDEE_CAMPAIGN));
      const byEmail = new Map(made.map((invitation) => [invitation.email, invitation]));
      expect(made).toHaveLength(expectedCounts.new);
      for (const person of listOf("new")) expect(byEmail.get(person.email)).toEqual({ email: person.email, eventHistory: person.eventHistory, firstName: `First${person.n}` });
      const [queued] = await queryRows<{ messages: number; tokens: number }>(
        db(),
        sql`select (select count(*) from ${outbox} where ${outbox.kind} = ${INVITATION_EMAIL})::int as messages, (select count(*) from unsubscribe_tokens)::int as tokens`,
      );
      expect(queued).toEqual({ messages: expectedCounts.new, tokens: expectedCounts.new });
    },
  );

  it("shows edited words to the same invitee when the first new person is in a later batch", async () => {
    const email = (n: number) => `w${n}-words@example.com`;
    const text = ["Email,First Name", ...Array.from({ length: 1200 }, (_, n) => `${email(n)},W${n}`)].join("\n");
    // The first 1,100 people are members already: the first new one is kept in the third batch.
    await db().insert(userProfiles).values(Array.from({ length: 1100 }, (_, n) => ({ email: email(n) })));
    const previewed = await previewAttendeeImport(db(), actor, { fileName: "w.csv", size: text.length, bytes: new TextEncoder().encode(text) }, now, {
      publicUrl: "https://harmonia.example",
    });
    if (!previewed.ok) throw new Error(previewed.message);
    expect(previewed.preview.invitation?.to).toBe(`W1100 <${email(1100)}>`);
    const revised = await reviseImportWording(db(), actor, { importId: previewed.preview.importId, subject: "A gift", intro: "For you." }, { publicUrl: "https://harmonia.example" }, now);
    expect(revised.ok && revised.preview.invitation).toMatchObject({ to: `W1100 <${email(1100)}>`, subject: "A gift" });
  });

  it("confirms a file of 33,000 new people (more than one statement's 65,535 parameters can carry at two a person)", { timeout: 600_000 }, async () => {
    const stamp = "many";
    const text = ["Email,First Name", ...Array.from({ length: 33_000 }, (_, n) => `m${n}-${stamp}@example.com,M${n}`)].join("\n");
    const previewed = await previewAttendeeImport(db(), actor, { fileName: "many.csv", size: text.length, bytes: new TextEncoder().encode(text) }, now);
    if (!previewed.ok) throw new Error(previewed.message);
    expect(previewed.preview.counts.new).toBe(33_000);
    const confirmed = await importAttendees(db(), actor, { importId: previewed.preview.importId }, noOutboxWake, now);
    expect(confirmed).toMatchObject({ ok: true, created: 33_000, emailsQueued: 33_000 });
    const [made] = await queryRows<{ count: number }>(db(), sql`select count(*)::int as count from invitations where email like ${`%-${stamp}@example.com`}`);
    expect(made!.count).toBe(33_000);
  });
});
