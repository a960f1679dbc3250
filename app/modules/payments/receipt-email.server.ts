import { inArray } from "drizzle-orm";
import { createElement } from "react";
import { payments } from "#db/schema";
import { formatEventDate, formatEventTime } from "#app/lib/event-dates";
import { siteConfig } from "#app/lib/site-config";
import { findEventsByIds } from "#app/modules/events/index.server";
import { GuestNoticeEmail } from "#app/modules/messaging";
import { renderEmail, type DeliveryRenderer, type RenderOutcome } from "#app/modules/messaging/index.server";
import { RECEIPT_RENDERER } from "./apply-session.server";
import { formatDollars } from "./contribution-rules";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The thank-you e-mail after a contribution is paid: a receipt in our words (amount, event, date),
 * rendered when sent from the payment's row, like the guests' other e-mails (docs/decisions/020).
 */
export function contributionReceiptRenderer(options: { publicUrl: string }): DeliveryRenderer {
  return {
    name: RECEIPT_RENDERER,
    async render(db, messages) {
      const ids = [...new Set(messages.map((message) => message.meta.paymentId ?? "").filter((id) => UUID.test(id)))];
      const rows = ids.length ? await db.select().from(payments).where(inArray(payments.id, ids)) : [];
      const events = await findEventsByIds(db, rows.flatMap((row) => (row.eventId ? [row.eventId] : [])));
      const outcomes = new Map<string, RenderOutcome>();
      for (const message of messages) {
        const payment = rows.find((row) => row.id === message.meta.paymentId);
        if (!payment) continue;
        const event = payment.eventId ? events.get(payment.eventId) : undefined;
        const timeZone = siteConfig.venue.timeZone;
        const amount = formatDollars(payment.amountCents);
        const { html, text } = await renderEmail(
          createElement(GuestNoticeEmail, {
            preview: `We received your ${payment.purpose === "gift" ? "gift" : "contribution"} of ${amount}`,
            firstName: payment.payerName.trim().split(/\s+/)[0] ?? "",
            paragraphs: [
              payment.purpose === "gift"
                ? `Thank you for your gift of ${amount}. It keeps the piano playing and the evenings open to everyone.`
                : event
                  ? `Thank you for your contribution of ${amount} for ${event.title}. It keeps these evenings going, and we look forward to welcoming you.`
                  : `Thank you for your contribution of ${amount}.`,
              "Keep this e-mail as your receipt. Your card statement shows the payment under our name.",
            ],
            details: [
              ["Amount", `${amount} (${payment.currency.toUpperCase()})`],
              ["Paid", payment.paidAt ? `${formatEventDate(payment.paidAt, timeZone)}, ${formatEventTime(payment.paidAt, timeZone)}` : null],
              ["Event", event?.title ?? null],
              ["Date", event ? formatEventDate(event.startsAt, timeZone) : null],
              ["Time", event ? formatEventTime(event.startsAt, timeZone) : null],
              ["Seats", payment.seats === null ? null : `${payment.seats}`],
              ["Reference", payment.id.slice(0, 8).toUpperCase()],
            ],
            publicUrl: options.publicUrl,
          }),
        );
        const subject = payment.purpose === "gift" ? "Thank you for your gift" : event ? `Thank you for your contribution: ${event.title}` : "Thank you for your contribution";
        outcomes.set(message.id, { rendered: { subject, html, text } });
      }
      return outcomes;
    },
  };
}
