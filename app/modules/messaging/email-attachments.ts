/**
 * Attachments ride in the outbox row's `meta` (a string map), so the outbox needs no column of its
 * own for them: `attachment:<file name>` holds the content, `attachment-type:<file name>` its type,
 * and for an image `attachment-encoding:<file name>` ("base64": the content is its bytes in base64)
 * and `attachment-cid:<file name>` (the Content-ID the HTML shows it by, `cid:<id>`). Every key
 * starts with "attachment", which is how a sent row's meta is cleared of them.
 */
export interface EmailAttachment {
  filename: string;
  /** The text, or with `encoding` "base64" the bytes in base64. */
  content: string;
  contentType: string;
  encoding?: "base64";
  /** An image the HTML shows inline (`<img src="cid:…">`), sent in the message's related part. */
  cid?: string;
}

const CONTENT_PREFIX = "attachment:";
const TYPE_PREFIX = "attachment-type:";
const ENCODING_PREFIX = "attachment-encoding:";
const CID_PREFIX = "attachment-cid:";

export function attachmentsToMeta(attachments: EmailAttachment[]): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const attachment of attachments) {
    meta[`${CONTENT_PREFIX}${attachment.filename}`] = attachment.content;
    meta[`${TYPE_PREFIX}${attachment.filename}`] = attachment.contentType;
    if (attachment.encoding) meta[`${ENCODING_PREFIX}${attachment.filename}`] = attachment.encoding;
    if (attachment.cid) meta[`${CID_PREFIX}${attachment.filename}`] = attachment.cid;
  }
  return meta;
}

export function attachmentsFromMeta(meta: Record<string, string>): EmailAttachment[] {
  return Object.entries(meta)
    .filter(([key]) => key.startsWith(CONTENT_PREFIX))
    .map(([key, content]) => {
      const filename = key.slice(CONTENT_PREFIX.length);
      const encoding = meta[`${ENCODING_PREFIX}${filename}`] === "base64" ? ("base64" as const) : undefined;
      const cid = meta[`${CID_PREFIX}${filename}`];
      return {
        filename,
        content,
        contentType: meta[`${TYPE_PREFIX}${filename}`] ?? "application/octet-stream",
        ...(encoding ? { encoding } : {}),
        ...(cid ? { cid } : {}),
      };
    });
}

/**
 * The HTML with its inline images (`cid:`) as data: addresses, for the dev mailbox, whose browser
 * frame has no message parts to resolve `cid:` from. Exact text replacement, no pattern.
 */
export function withInlineImages(html: string, attachments: EmailAttachment[]): string {
  let shown = html;
  for (const attachment of attachments) {
    if (!attachment.cid || attachment.encoding !== "base64" || !attachment.contentType.startsWith("image/")) continue;
    shown = shown.replaceAll(`cid:${attachment.cid}`, () => `data:${attachment.contentType};base64,${attachment.content}`);
  }
  return shown;
}
