import type { OutboxMessage } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { EmailAttachment } from "./email-attachments";

/**
 * Messages whose body is made when they are sent, not when they are written (docs/decisions/020).
 * The producer writes a small row (recipient, subject, idempotency key, and in `meta` the renderer's
 * name and the ids it needs); the sender asks that renderer for the body when it claims the row.
 * A module declares its renderers; the composition root hands them to the sender, so messaging
 * never imports the modules whose messages it renders.
 */

/** The `meta` key naming the renderer of a row written without its body. */
export const RENDERER_META_KEY = "renderer";

/** A message's content, made at delivery. */
export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  /** The one-click unsubscribe address of a bulk message (its List-Unsubscribe header). */
  listUnsubscribe?: string;
}

/** What a renderer answers per row: the content, or why it can no longer exist (its reservation was deleted). */
export type RenderOutcome = { rendered: RenderedEmail } | { gone: string };

export interface DeliveryRenderer {
  /** Matches the `renderer` in a row's meta. */
  name: string;
  /**
   * Renders a batch of rows in one go (one query for all of them, not one each). A row missing
   * from the answer counts as gone; a thrown error is a temporary failure of every row (retried).
   */
  render(db: Database, messages: OutboxMessage[]): Promise<Map<string, RenderOutcome>>;
}

export type DeliveryRenderers = readonly DeliveryRenderer[];

/** The renderer a row waits for, or undefined when it was written with its body. */
export const rendererOf = (message: OutboxMessage): string | undefined => message.meta[RENDERER_META_KEY];
