/**
 * Attachments ride in the outbox row's `meta` (a string map), so the outbox needs no column of its
 * own for them: `attachment:<file name>` holds the text, `attachment-type:<file name>` its type.
 */
export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

const CONTENT_PREFIX = "attachment:";
const TYPE_PREFIX = "attachment-type:";

export function attachmentsToMeta(attachments: EmailAttachment[]): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const attachment of attachments) {
    meta[`${CONTENT_PREFIX}${attachment.filename}`] = attachment.content;
    meta[`${TYPE_PREFIX}${attachment.filename}`] = attachment.contentType;
  }
  return meta;
}

export function attachmentsFromMeta(meta: Record<string, string>): EmailAttachment[] {
  return Object.entries(meta)
    .filter(([key]) => key.startsWith(CONTENT_PREFIX))
    .map(([key, content]) => {
      const filename = key.slice(CONTENT_PREFIX.length);
      return { filename, content, contentType: meta[`${TYPE_PREFIX}${filename}`] ?? "application/octet-stream" };
    });
}
