import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import { isExpired, type DoorList, type DoorTap } from "#app/modules/reservations";

/**
 * The door phone's IndexedDB (docs/decisions/067): the door lists of the events this person
 * opened, and the taps made on this phone that the server has not yet answered, in the order they
 * were made. Browser only; signing out clears it (the logout answer's Clear-Site-Data), and a list
 * is dropped the day after its event.
 */
interface DoorDatabase extends DBSchema {
  lists: { key: string; value: DoorList };
  taps: { key: number; value: { seq?: number; eventId: string; tap: DoorTap }; indexes: { byEvent: string } };
}

export interface QueuedTap {
  seq: number;
  eventId: string;
  tap: DoorTap;
}

const DATABASE = "door-check-in";
let opening: Promise<IDBPDatabase<DoorDatabase>> | null = null;

function database(): Promise<IDBPDatabase<DoorDatabase>> {
  opening ??= openDB<DoorDatabase>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore("lists", { keyPath: "event.id" });
      db.createObjectStore("taps", { keyPath: "seq", autoIncrement: true }).createIndex("byEvent", "eventId");
    },
    // Another tab upgrading, or Clear-Site-Data: let go, open again next time.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
    terminated() {
      opening = null;
    },
  });
  return opening;
}

export async function readDoorList(eventId: string): Promise<DoorList | null> {
  return (await (await database()).get("lists", eventId)) ?? null;
}

export async function saveDoorList(list: DoorList): Promise<void> {
  await (await database()).put("lists", list);
}

/** Queues a tap; it shows at once and waits for the server. */
export async function queueTap(eventId: string, tap: DoorTap): Promise<void> {
  await (await database()).add("taps", { eventId, tap });
}

/** This event's queued taps, oldest first. */
export async function queuedTaps(eventId: string): Promise<QueuedTap[]> {
  const rows = await (await database()).getAllFromIndex("taps", "byEvent", eventId);
  return rows.map((row) => ({ seq: row.seq!, eventId: row.eventId, tap: row.tap })).sort((a, b) => a.seq - b.seq);
}

/** Drops the taps the server answered, and stores the list it answered with, in one transaction. */
export async function settleTaps(answered: readonly number[], list: DoorList): Promise<void> {
  const tx = (await database()).transaction(["taps", "lists"], "readwrite");
  await Promise.all([...answered.map((seq) => tx.objectStore("taps").delete(seq)), tx.objectStore("lists").put(list), tx.done]);
}

/** Forgets the lists past their keeping (the day after their event), and their queued taps with them if nothing can send them any more. */
export async function forgetExpiredLists(now = new Date()): Promise<void> {
  const db = await database();
  for (const list of await db.getAll("lists")) {
    if (!isExpired(list, now)) continue;
    const tx = db.transaction(["taps", "lists"], "readwrite");
    const keys = await tx.objectStore("taps").index("byEvent").getAllKeys(list.event.id);
    await Promise.all([...keys.map((key) => tx.objectStore("taps").delete(key)), tx.objectStore("lists").delete(list.event.id), tx.done]);
  }
}
