import { inArray } from "drizzle-orm";
import { reservations, type EventRow, type ReservationRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { findEventsForReminders } from "#app/modules/events/index.server";
import { knownMessageKeys, queueEmailToRender } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import type { TextWake } from "#app/modules/sms/index.server";
import { queueTextReminders, type TextReminderOptions } from "./text-reminders.server";

/** The two reminders a guest gets: the day before (24 h ahead) and on the day (3 h ahead). */
export const reminderKinds = ["day-before", "same-day"] as const;
export type ReminderKind = (typeof reminderKinds)[number];
export const isReminderKind = (value: unknown): value is ReminderKind => reminderKinds.includes(value as ReminderKind);

const HOUR = 60 * 60 * 1000;
const leadTime: Record<ReminderKind, number> = { "day-before": 24 * HOUR, "same-day": 3 * HOUR };

export const REMINDER_RENDERER = "reservation-reminder";

/** One reminder of each kind per reservation, whichever instance queues it and however often. */
export const reminderKey = (reservationId: string, kind: ReminderKind) => `reminder:${reservationId}:${kind}`;

/**
 * Whether a reminder is due now: its moment has come and the event has not started; the
 * day-before one only while the same-day one is not yet due, and neither for an event or a
 * reservation made after its moment (an event created less than 24 h ahead gets only the later one).
 */
export function reminderIsDue(
  kind: ReminderKind,
  event: Pick<EventRow, "startsAt" | "createdAt">,
  reservation: Pick<ReservationRow, "createdAt">,
  now: Date,
): boolean {
  const starts = event.startsAt.getTime();
  const moment = starts - leadTime[kind];
  const until = kind === "day-before" ? starts - leadTime["same-day"] : starts;
  return (
    now.getTime() >= moment &&
    now.getTime() < until &&
    event.createdAt.getTime() <= moment &&
    reservation.createdAt.getTime() <= moment
  );
}

/**
 * Queues the reminders that are due (the job, every few minutes, on any instance): each is a small
 * outbox row keyed `reminder:<reservationId>:<kind>`, so a second pass, another instance or a
 * restart never queues one twice; cancelled reservations are gone and get none, past events are
 * not looked at, and an event with reminders switched off is skipped. The day-before reminder
 * also goes by text to guests with SMS consent (text-reminders.server.ts). The senders are woken
 * (`wake`) for what was queued.
 */
export async function queueDueReminders(
  db: Database,
  wake: { outbox: OutboxWake; texts: TextWake },
  now: Date = new Date(),
  options: TextReminderOptions = {},
): Promise<number> {
  // The events starting within the day (the events module's), then their reservations.
  const soon = new Map((await findEventsForReminders(db, now, new Date(now.getTime() + leadTime["day-before"]))).map((event) => [event.id, event]));
  const guests = soon.size ? await db.select().from(reservations).where(inArray(reservations.eventId, [...soon.keys()])) : [];
  const rows = guests.map((reservation) => ({ reservation, event: soon.get(reservation.eventId)! }));
  const due = rows.flatMap((row) => reminderKinds.filter((kind) => reminderIsDue(kind, row.event, row.reservation, now)).map((kind) => ({ ...row, kind })));
  if (due.length === 0) return 0;
  // The day-before reminder also goes by text to guests who agreed to texts (its own key, once).
  await queueTextReminders(
    db,
    due.filter((reminder) => reminder.kind === "day-before"),
    now,
    wake.texts,
    options,
  );
  const keys = due.map((reminder) => reminderKey(reminder.reservation.id, reminder.kind));
  const known = await knownMessageKeys(db, keys);
  let queued = 0;
  let last: string | undefined;
  for (const { reservation, event, kind } of due) {
    const key = reminderKey(reservation.id, kind);
    // A guest staff added without an address gets no e-mail (the text reminder above may still reach them).
    if (known.has(key) || !reservation.visitorEmail) continue;
    const result = await queueEmailToRender(db, {
      kind: REMINDER_RENDERER,
      to: reservation.visitorEmail,
      subject: `${kind === "day-before" ? "Tomorrow" : "Today"}: ${event.title}`,
      idempotencyKey: key,
      renderer: REMINDER_RENDERER,
      refs: { reservationId: reservation.id, reminder: kind },
    });
    if (result.created) {
      queued += 1;
      last = result.id;
    }
  }
  if (last) await wake.outbox(last);
  return queued;
}
