import { z } from "zod";
import type { ReservationsPageOutcome } from "#app/components/admin/reservations/page-outcome";
import { formText, type IntentAnswer } from "#app/routes/intents.server";

/** What a guest mail's controls (pause, resume, cancel, retry) read: the campaign, and for retry one recipient. */
export const attendeeMailControlInput = z.object({ eventId: formText, campaignId: formText, recipientId: formText });

/** A control's answer: 403 when the policy refused, 409 when the campaign's state did. */
export function attendeeMailControl(intent: string, outcome: { ok: boolean; message: string; reason?: string }): IntentAnswer<ReservationsPageOutcome> {
  return { body: { ok: outcome.ok, intent, message: outcome.message } as ReservationsPageOutcome, status: outcome.ok ? 200 : outcome.reason === "forbidden" ? 403 : 409 };
}
