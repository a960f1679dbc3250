import { eq } from "drizzle-orm";
import { waitlistEntries, type WaitlistEntryRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { recordActivity } from "#app/modules/activity/index.server";
import { can, notAllowed, type StaffMember } from "#app/modules/access";
import { announceOffers, holdForEntry, takesGuests, type OfferSettings } from "./waiting-list.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { lockEvent } from "#app/modules/events/index.server";

export type OfferManuallyOutcome =
  | { ok: true; entry: WaitlistEntryRow }
  | { ok: false; reason: "not-found" | "not-waiting" | "not-taking-reservations" | "not-enough-seats"; message: string }
  | ReturnType<typeof notAllowed>;

export const offerManuallyMessages = {
  notFound: "This waiting-list entry no longer exists.",
  notWaiting: "Only a guest who is waiting (or whose offer expired) can be offered seats.",
  notTaking: "This event is not taking reservations.",
  notEnoughSeats: "Not enough free seats for this group.",
  notInScope: "Event staff offer seats only for published events taking reservations.",
} as const;

/**
 * Staff offer seats to one entry out of turn (a waiting one, or one whose offer expired): the
 * seats are held as for any offer if they fit, the offer e-mail goes out, and the activity log
 * records it in the same transaction. Event staff offer only for events in their scope.
 */
export async function offerManually(db: Database, actor: StaffMember, entryId: string, settings: OfferSettings, wake: OutboxWake): Promise<OfferManuallyOutcome> {
  if (!can(actor, "manage-reservations")) return notAllowed();
  const outcome = await db.transaction(async (tx): Promise<OfferManuallyOutcome & { offers?: WaitlistEntryRow[] }> => {
    const [found] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId));
    if (!found) return { ok: false, reason: "not-found", message: offerManuallyMessages.notFound };
    const event = await lockEvent(tx, found.eventId);
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update");
    if (!event || !entry) return { ok: false, reason: "not-found", message: offerManuallyMessages.notFound };
    if (!can(actor, "manage-reservations", { event })) return notAllowed(offerManuallyMessages.notInScope);
    if (entry.status !== "waiting" && entry.status !== "expired") return { ok: false, reason: "not-waiting", message: offerManuallyMessages.notWaiting };
    if (!takesGuests(event, settings.now)) return { ok: false, reason: "not-taking-reservations", message: offerManuallyMessages.notTaking };
    if (event.maxSeats - event.seatsTaken < entry.seats) return { ok: false, reason: "not-enough-seats", message: offerManuallyMessages.notEnoughSeats };
    const offers = await holdForEntry(tx, event, entry, settings);
    await recordActivity(tx, actor, {
      kind: "waiting-list.offered",
      subjectType: "waitlist-entry",
      subjectId: entry.id,
      subjectLabel: `${entry.email} · ${event.title}`,
      before: { status: entry.status },
      after: { status: "offered", seats: entry.seats },
    });
    return { ok: true, entry: offers[0]!, offers };
  });
  if (outcome.ok) await announceOffers(outcome.offers ?? [], wake);
  return outcome.ok ? { ok: true, entry: outcome.entry } : outcome;
}
