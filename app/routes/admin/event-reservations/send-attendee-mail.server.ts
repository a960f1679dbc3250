import { reservationsAdminMessages as messages } from "#app/modules/reservations";
import { mailEventGuests, reviewSecret } from "#app/modules/campaigns/index.server";
import { defineIntent, formText } from "#app/routes/intents.server";
import { intentFailed, refused } from "./answers.server";
import { attendeeMailInput } from "./attendee-mail.server";

/** `send-attendee-mail`: an e-mail to an event's guests, after the review (docs/decisions/042). */
export const sendAttendeeMail = defineIntent(
  attendeeMailInput.extend({ confirm: formText }),
  async ({ eventId, subject, message, confirm }, { user, context }) => {
    const intent = "send-attendee-mail";
    const values = { subject, message };
    const review = { secret: await reviewSecret(context.auth), publicUrl: context.env.PUBLIC_URL };
    const outcome = await mailEventGuests(context.db, user, { eventId, ...values, confirm: confirm || undefined }, context.campaigns, context.env, review);
    if (outcome.ok) return { body: { ok: true, intent, target: eventId, message: messages.announcementQueued(outcome.queued, outcome.skipped) } };
    if (outcome.reason === "review") return { body: { ok: false, intent, target: eventId, message: outcome.message, review: outcome.review, values } };
    const said = outcome.reason === "no-recipients" || outcome.reason === "daily-limit" ? outcome.message : messages.announcementFailed(outcome.message);
    return refused(intent, { ...outcome, message: said, values }, eventId);
  },
  intentFailed("send-attendee-mail", "Failed to send announcement"),
);
