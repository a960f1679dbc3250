import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { describeFailure } from "./delivery-errors";
import { attachmentsToMeta } from "./email-attachments";
import { rendererOf, type DeliveryRenderer, type RenderedEmail, type RenderOutcome } from "./render-at-delivery.server";

// The outbox sender's first step for a claimed batch: bodies made at delivery (createOutboxSender).

/** A claimed row made ready to send: with its body rendered, or the reason it cannot be. */
export type Prepared = { message: OutboxMessage } | { failure: string; permanent: boolean; stage: "rendering" };

/** The row as it is sent: its subject, body and attachments as the renderer made them. */
function withContent(message: OutboxMessage, rendered: RenderedEmail): OutboxMessage {
  return {
    ...message,
    subject: rendered.subject,
    bodyText: rendered.text,
    bodyHtml: rendered.html,
    meta: {
      ...message.meta,
      ...attachmentsToMeta(rendered.attachments ?? []),
      ...(rendered.listUnsubscribe ? { listUnsubscribe: rendered.listUnsubscribe } : {}),
    },
  };
}

/**
 * The bodies of the batch's rows written without one, each renderer called once for all its
 * rows (one query, not one per message). A renderer that throws (the database is away) leaves
 * its rows to be retried; one that is not registered, or a row whose facts are gone (its
 * reservation was deleted), fails the row for good with the reason.
 */
export async function renderBatch(db: Database, renderers: ReadonlyMap<string, DeliveryRenderer>, batch: OutboxMessage[]): Promise<Map<string, Prepared>> {
  const prepared = new Map<string, Prepared>();
  const waiting = new Map<string, OutboxMessage[]>();
  for (const message of batch) {
    const name = rendererOf(message);
    if (name === undefined) continue;
    waiting.set(name, [...(waiting.get(name) ?? []), message]);
  }
  for (const [name, messages] of waiting) {
    const renderer = renderers.get(name);
    if (!renderer) {
      for (const message of messages) prepared.set(message.id, { failure: `No renderer "${name}" is registered for this message`, permanent: true, stage: "rendering" });
      continue;
    }
    let outcomes: Map<string, RenderOutcome>;
    try {
      outcomes = await renderer.render(db, messages);
    } catch (error) {
      for (const message of messages) prepared.set(message.id, { failure: `Rendering failed: ${describeFailure(error)}`, permanent: false, stage: "rendering" });
      continue;
    }
    for (const message of messages) {
      const outcome = outcomes.get(message.id) ?? { gone: "What this message was about no longer exists" };
      prepared.set(message.id, "gone" in outcome ? { failure: outcome.gone, permanent: true, stage: "rendering" } : { message: withContent(message, outcome.rendered) });
    }
  }
  return prepared;
}
