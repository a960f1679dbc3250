import { and, eq } from "drizzle-orm";
import { attendeeImportPeople } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { yieldToEventLoop } from "#app/lib/event-loop";
import type { AttendeeImportPerson } from "./attendee-csv";

/**
 * An import's people are kept a batch per row (db/schema attendee_import_people) and written and
 * read a batch per statement with a turn of the event loop between: on the embedded database a
 * statement runs in the web server's own thread, and one statement of 80,000 people held every
 * other request for seconds (issue 34).
 */
export const PEOPLE_PER_BATCH = 500;

/** Keeps the people of an import, in their order. */
export async function storeImportPeople(db: Database, importId: string, people: readonly AttendeeImportPerson[]): Promise<void> {
  for (let start = 0, batch = 0; start < people.length; start += PEOPLE_PER_BATCH, batch += 1) {
    if (batch > 0) await yieldToEventLoop();
    await db.insert(attendeeImportPeople).values({ importId, batch, people: people.slice(start, start + PEOPLE_PER_BATCH) });
  }
}

/** The people of an import a batch at a time, in their order. */
export async function* importPeopleBatches(db: Database, importId: string): AsyncGenerator<AttendeeImportPerson[]> {
  for (let batch = 0; ; batch += 1) {
    if (batch > 0) await yieldToEventLoop();
    const [row] = await db
      .select({ people: attendeeImportPeople.people })
      .from(attendeeImportPeople)
      .where(and(eq(attendeeImportPeople.importId, importId), eq(attendeeImportPeople.batch, batch)));
    if (!row) return;
    yield row.people as AttendeeImportPerson[];
  }
}

/** All the people of an import, in their order. */
export async function readImportPeople(db: Database, importId: string): Promise<AttendeeImportPerson[]> {
  const people: AttendeeImportPerson[] = [];
  for await (const batch of importPeopleBatches(db, importId)) people.push(...batch);
  return people;
}
