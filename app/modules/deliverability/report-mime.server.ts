/**
 * A bounded reader of the few MIME parts a bounce or complaint carries (docs/decisions/051). Mail
 * that reaches the bounce mailbox is written by anyone, so everything here is linear in the input
 * (string searches, no regular expressions) and capped: at most the first 256 KB of a message, a
 * header or report field of at most 4 KB, 8 levels of nesting and 64 parts. A general parser such
 * as mailparser flattens a message into its text and attachments: it mixes the returned message's
 * text with the report's own and turns a delivery-status part into text, so the part a field came
 * from, which is what decides whether we believe it, would be lost.
 */

/** The most of a message that is read; the rest is never looked at. */
export const MAX_PARSED_BYTES = 256 * 1024;
/** A header or report field longer than this keeps only its start. */
export const MAX_FIELD_LENGTH = 4096;
const MAX_FIELDS_PER_BLOCK = 300;
const MAX_DEPTH = 8;
const MAX_PARTS = 64;
const MAX_BOUNDARY = 200;
/** The plain text kept for a non-standard bounce. */
const MAX_TEXT = 64 * 1024;

/** A block of `Name: value` lines (headers, or a report's fields): names lower-cased, folded lines joined, the first of each name kept. */
export type Fields = Map<string, string>;

/** The parts of a report that matter, each from where the standards put it. */
export interface ReportParts {
  /** The report's own headers (From, Message-ID, To, Delivered-To…). */
  headers: Fields;
  /** The field groups of the first `message/delivery-status` part (RFC 3464): per-message first, then one per recipient. */
  deliveryStatus: Fields[] | null;
  /** The fields of the first `message/feedback-report` part (RFC 5965). */
  feedbackReport: Fields | null;
  /** The headers of the returned message: `message/rfc822`, `message/global`, `text/rfc822-headers` parts. */
  returnedHeaders: Fields[];
  /** The first `text/plain` part, decoded (for bounces that follow no standard). */
  text: string;
}

/** Reads a message's report parts from at most its first MAX_PARSED_BYTES bytes. */
export function readReportParts(raw: Buffer | string): ReportParts {
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  // latin1 keeps one character per byte, so offsets stay byte offsets and nothing is lost before decoding.
  const source = bytes.subarray(0, MAX_PARSED_BYTES).toString("latin1");
  const parts: ReportParts = { headers: new Map(), deliveryStatus: null, feedbackReport: null, returnedHeaders: [], text: "" };
  const state = { parts: 0, haveText: false };
  walk(source, 0, source.length, 0, parts, state, true);
  return parts;
}

function walk(source: string, start: number, end: number, depth: number, out: ReportParts, state: { parts: number; haveText: boolean }, top: boolean): void {
  if (depth > MAX_DEPTH || state.parts >= MAX_PARTS) return;
  state.parts++;
  const { fields: headers, next: bodyStart } = readFieldBlock(source, start, end);
  if (top) out.headers = headers;
  const type = contentTypeOf(headers.get("content-type"));
  const body = () => decodeBody(source.slice(bodyStart, end), headers.get("content-transfer-encoding"), type.charset);
  if (type.mediaType.startsWith("multipart/")) {
    if (!type.boundary) return;
    for (const [partStart, partEnd] of multipartBodies(source, bodyStart, end, type.boundary)) {
      walk(source, partStart, partEnd, depth + 1, out, state, false);
      if (state.parts >= MAX_PARTS) return;
    }
    return;
  }
  switch (type.mediaType) {
    case "message/delivery-status":
    case "message/global-delivery-status":
      if (out.deliveryStatus === null) out.deliveryStatus = readFieldGroups(body());
      return;
    case "message/feedback-report":
      if (out.feedbackReport === null) out.feedbackReport = readFieldBlock(body(), 0).fields;
      return;
    case "message/rfc822":
    case "message/global":
      // Only the returned message's headers matter; its body (and anything nested in it) is not read.
      out.returnedHeaders.push(readFieldBlock(source, bodyStart, end).fields);
      return;
    case "text/rfc822-headers":
    case "message/global-headers":
      out.returnedHeaders.push(readFieldBlock(body(), 0).fields);
      return;
    case "text/plain":
      if (!state.haveText) {
        state.haveText = true;
        out.text = body().slice(0, MAX_TEXT);
      }
      return;
    default:
      return;
  }
}

/**
 * Reads `Name: value` lines from `start` until a blank line (or `end`): folded lines are joined,
 * a value keeps at most MAX_FIELD_LENGTH characters, and a line without a colon is skipped.
 * Returns the fields and where the block ended (after its blank line).
 */
export function readFieldBlock(text: string, start: number, end = text.length): { fields: Fields; next: number } {
  const fields: Fields = new Map();
  let name: string | null = null;
  let value = "";
  let count = 0;
  const finish = () => {
    if (name !== null && !fields.has(name) && count < MAX_FIELDS_PER_BLOCK) {
      fields.set(name, value.trim());
      count++;
    }
    name = null;
  };
  let position = start;
  while (position < end) {
    const newline = text.indexOf("\n", position);
    const lineEnd = newline === -1 || newline >= end ? end : newline;
    const next = lineEnd === end ? end : lineEnd + 1;
    let line = text.slice(position, Math.min(lineEnd, position + MAX_FIELD_LENGTH + 1));
    if (line.endsWith("\r")) line = line.slice(0, -1);
    position = next;
    if (line.length === 0) {
      finish();
      return { fields, next };
    }
    const first = line.charCodeAt(0);
    if (first === 32 || first === 9) {
      if (name !== null && value.length < MAX_FIELD_LENGTH) value = `${value} ${line.trim()}`.slice(0, MAX_FIELD_LENGTH);
      continue;
    }
    finish();
    const colon = line.indexOf(":");
    if (colon <= 0 || colon > 76) continue;
    name = line.slice(0, colon).trim().toLowerCase();
    value = line.slice(colon + 1, colon + 1 + MAX_FIELD_LENGTH);
  }
  finish();
  return { fields, next: end };
}

/** A delivery-status body: groups of fields separated by blank lines (RFC 3464 §2.1). */
function readFieldGroups(text: string): Fields[] {
  const groups: Fields[] = [];
  let position = 0;
  while (position < text.length && groups.length < MAX_PARTS) {
    const { fields, next } = readFieldBlock(text, position);
    if (fields.size > 0) groups.push(fields);
    if (next <= position) break;
    position = next;
  }
  return groups;
}

interface ContentType {
  mediaType: string;
  boundary: string | null;
  charset: string | null;
}

/** `type/subtype; name=value; name="quoted; value"`, read character by character. */
function contentTypeOf(value: string | undefined): ContentType {
  if (!value) return { mediaType: "text/plain", boundary: null, charset: null };
  const semicolon = value.indexOf(";");
  const mediaType = (semicolon === -1 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  const parameters = new Map<string, string>();
  let position = semicolon === -1 ? value.length : semicolon + 1;
  while (position < value.length) {
    const equals = value.indexOf("=", position);
    if (equals === -1) break;
    const name = value.slice(position, equals).trim().toLowerCase();
    let parameter = "";
    let cursor = equals + 1;
    while (cursor < value.length && value[cursor] === " ") cursor++;
    if (value[cursor] === '"') {
      cursor++;
      while (cursor < value.length && value[cursor] !== '"') {
        if (value[cursor] === "\\" && cursor + 1 < value.length) cursor++;
        parameter += value[cursor];
        cursor++;
      }
      const after = value.indexOf(";", cursor);
      position = after === -1 ? value.length : after + 1;
    } else {
      const after = value.indexOf(";", cursor);
      parameter = value.slice(cursor, after === -1 ? value.length : after).trim();
      position = after === -1 ? value.length : after + 1;
    }
    if (!parameters.has(name)) parameters.set(name, parameter);
  }
  const boundary = parameters.get("boundary");
  return {
    mediaType: mediaType || "text/plain",
    boundary: boundary && boundary.length <= MAX_BOUNDARY ? boundary : null,
    charset: parameters.get("charset")?.toLowerCase() ?? null,
  };
}

/** The [start, end) of each body part between `--boundary` lines (RFC 2046 §5.1.1); a missing close ends at `end`. */
function multipartBodies(source: string, start: number, end: number, boundary: string): Array<[number, number]> {
  const delimiter = `--${boundary}`;
  const bodies: Array<[number, number]> = [];
  let partStart = -1;
  let search = start;
  while (search < end && bodies.length < MAX_PARTS) {
    const found = source.indexOf(delimiter, search);
    if (found === -1 || found + delimiter.length > end) break;
    search = found + delimiter.length;
    if (found !== start && source[found - 1] !== "\n") continue;
    if (partStart !== -1) bodies.push([partStart, lineBreakBefore(source, found, partStart)]);
    if (source.startsWith("--", search)) return bodies;
    const newline = source.indexOf("\n", search);
    if (newline === -1 || newline >= end) return bodies;
    partStart = newline + 1;
  }
  if (partStart !== -1 && bodies.length < MAX_PARTS) bodies.push([partStart, end]);
  return bodies;
}

/** A delimiter's line break belongs to the delimiter, not to the part before it. */
function lineBreakBefore(source: string, delimiterAt: number, floor: number): number {
  let cut = delimiterAt;
  if (cut > floor && source[cut - 1] === "\n") cut--;
  if (cut > floor && source[cut - 1] === "\r") cut--;
  return cut;
}

function decodeBody(body: string, transferEncoding: string | undefined, charset: string | null): string {
  const encoding = transferEncoding?.trim().toLowerCase();
  const bytes =
    encoding === "base64" ? Buffer.from(body, "base64") : encoding === "quoted-printable" ? decodeQuotedPrintable(body) : Buffer.from(body, "latin1");
  return decodeText(bytes, charset);
}

/** Quoted-printable (RFC 2045 §6.7): `=XX` bytes and `=` soft line breaks, in one pass. */
function decodeQuotedPrintable(text: string): Buffer {
  const out = Buffer.alloc(text.length);
  let length = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code !== 61) {
      out[length++] = code & 0xff;
      continue;
    }
    if (text[index + 1] === "\r" && text[index + 2] === "\n") index += 2;
    else if (text[index + 1] === "\n") index += 1;
    else {
      const high = hexValue(text.charCodeAt(index + 1));
      const low = hexValue(text.charCodeAt(index + 2));
      if (high < 0 || low < 0) out[length++] = code;
      else {
        out[length++] = high * 16 + low;
        index += 2;
      }
    }
  }
  return out.subarray(0, length);
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 70) return code - 55;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

function decodeText(bytes: Buffer, charset: string | null): string {
  const label = !charset || charset === "us-ascii" ? "utf-8" : charset;
  try {
    return new TextDecoder(label, { fatal: false }).decode(bytes);
  } catch {
    // An unknown charset: read it as Latin-1, which never fails and keeps ASCII (codes, addresses) intact.
    return bytes.toString("latin1");
  }
}
