import type { ReservationsPageOutcome } from "#app/components/admin/reservations/page-outcome";
import { defineIntent } from "#app/routes/intents.server";
import { attendeeMailInput } from "./attendee-mail.server";

/** `change-attendee-mail`: back from the review to the attendee-mail form, with everything typed. */
export const changeAttendeeMail = defineIntent(attendeeMailInput, async ({ eventId, subject, message }) => ({
  body: { ok: false, intent: "send-attendee-mail", target: eventId, message: "", values: { subject, message } } satisfies ReservationsPageOutcome,
}));
