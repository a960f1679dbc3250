import { randomUUID } from "node:crypto";
import { normaliseAddress } from "#app/modules/security";
import { toE164 } from "#app/modules/sms";
import { shown } from "./legacy-fields";
import type { People } from "./legacy-people";
import type { PlanContext } from "./legacy-plan";
import type { Calendar } from "./plan-events";

/** What reservations.donation (numeric(10, 2)) holds: a larger amount would roll the whole apply back. */
const MAX_DONATION = 99_999_999.99;

/**
 * reservations: each on the event its ticketed event became (`ticketedTarget`), 1 to 10 seats;
 * then each event's seat counter is counted again at the apply, and an event oversold on the old
 * site has its limit raised (said on the event's line).
 */
export function planReservations(context: PlanContext, people: People, calendar: Calendar, ticketedTarget: Map<string, string>): void {
  const { rowsOf, idOf, emailOf, settled, admitted, skip, changed, count, map, time, now, plan } = context;
  const seatsAdded = new Map<string, number>();
  for (const [index, row] of rowsOf("reservations").entries()) {
    const legacyId = idOf(row, "reservations", index);
    if (settled("reservations", legacyId)) continue;
    const eventId = ticketedTarget.get(row.event_id ?? "");
    if (!eventId) {
      skip("reservations", legacyId, `its event ${row.event_id ? shown(row.event_id) : "(none)"} is not in the events table`);
      continue;
    }
    const email = emailOf("reservations", row.visitor_email);
    if (!email) {
      skip("reservations", legacyId, `invalid e-mail '${shown(row.visitor_email)}'`);
      continue;
    }
    const seats = Number(row.seats);
    if (!Number.isInteger(seats) || seats < 1 || seats > 10) {
      skip("reservations", legacyId, `seats '${shown(row.seats)}' outside 1 to 10`);
      continue;
    }
    if (!admitted("reservations", legacyId, row)) continue;
    const donation = row.donation === null || row.donation === undefined ? null : Number(row.donation);
    const donationKept = donation !== null && Number.isFinite(donation) && donation >= 0 && donation <= MAX_DONATION;
    if (donation !== null && !donationKept) changed("reservations", legacyId, `donation '${shown(row.donation)}' left out: not an amount from 0 to ${MAX_DONATION.toLocaleString("en-US")}`);
    const phone = row.phone ? toE164(row.phone) : null;
    people.sayDroppedPhones("reservations", legacyId, row.phone);
    const id = randomUUID();
    plan.rows.reservations.push({
      id,
      eventId,
      visitorName: row.visitor_name || email,
      visitorEmail: email,
      visitorEmailKey: normaliseAddress(email),
      phone,
      seats,
      donation: donationKept ? donation.toFixed(2) : null,
      createdAt: time(row.created_at) ?? now,
    });
    seatsAdded.set(eventId, (seatsAdded.get(eventId) ?? 0) + seats);
    count("reservations", "new");
    map("reservations", legacyId, "reservations", id, true);
  }
  const ticketedByTarget = new Map([...ticketedTarget].map(([legacyId, target]) => [target, legacyId]));
  for (const [eventId, added] of seatsAdded) {
    plan.recount.add(eventId);
    const event = calendar.eventsHere.get(eventId)!;
    const taken = event.seatsTaken + added;
    if (event.maxSeats !== null && taken > event.maxSeats) {
      const legacyId = ticketedByTarget.get(eventId) ?? eventId;
      changed("events", legacyId, `oversold on the old site: max_seats raised from ${event.maxSeats} to ${taken}, the seats taken`);
    }
  }
}
