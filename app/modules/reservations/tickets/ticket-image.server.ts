import QRCode from "qrcode";
import type { EmailAttachment } from "#app/modules/messaging";
import { groupTicketCode } from "./ticket-code";
import { ticketCode } from "./ticket-code.server";
import { qrPng } from "./ticket-png.server";
import { TICKET_QR_QUIET_ZONE, type TicketQr, type TicketView } from "./ticket-qr";

/**
 * A ticket code as a QR code (docs/decisions/067): a PNG for e-mail, the module grid for pages
 * (drawn as inline SVG by React, which the site's Content-Security-Policy allows without a data:
 * address). Error correction M (15 % of the code may be lost: a cracked phone screen, a crease in
 * a printout); our 16 characters are all in QR's alphanumeric set, so the code is version 1, 21
 * modules a side.
 */
const ERROR_CORRECTION = "M";

/**
 * Pixels per module of the e-mail's PNG: 29 modules with the quiet zone make it 290 px, shown at
 * 220 px, so it stays sharp on a phone's dense screen and a door scanner reads it from arm's length.
 */
const PNG_SCALE = 10;
export const TICKET_EMAIL_IMAGE_PX = 220;

/** The Content-ID the e-mail's HTML names its image by (`cid:`): one per message, so a constant. */
export const TICKET_IMAGE_CID = "ticket-code@harmonia";
export const TICKET_IMAGE_FILE_NAME = "ticket.png";

/** The e-mail's PNG of a ticket code: its grid (kept, see below) written as a greyscale image. */
export function ticketQrPng(code: string): Buffer {
  return qrPng(ticketQr(code), { scale: PNG_SCALE, quietZone: TICKET_QR_QUIET_ZONE });
}

/**
 * Encoding takes about a millisecond and the check-in page's printed list asks for every guest's
 * code at each of its reloads: the grids of recent codes are kept (a code's grid never changes).
 */
const MAX_CACHED_GRIDS = 2000;
const grids = new Map<string, TicketQr>();

/** The QR code's grid of modules, for ticketQrPath to draw. */
export function ticketQr(code: string): TicketQr {
  const cached = grids.get(code);
  if (cached) return cached;
  const { modules } = QRCode.create(code, { errorCorrectionLevel: ERROR_CORRECTION });
  let hex = "";
  for (let start = 0; start < modules.data.length; start += 4) {
    let nibble = 0;
    for (let bit = 0; bit < 4; bit++) nibble = (nibble << 1) | (modules.data[start + bit] ? 1 : 0);
    hex += nibble.toString(16);
  }
  const qr = { size: modules.size, modules: hex };
  if (grids.size >= MAX_CACHED_GRIDS) grids.delete(grids.keys().next().value!);
  grids.set(code, qr);
  return qr;
}

/** A reservation's ticket for a page: its signed code, grouped, and the QR code's grid. */
export function ticketView(secret: string, ticketRef: string): TicketView {
  const code = ticketCode(secret, ticketRef);
  return { code: groupTicketCode(code), qr: ticketQr(code) };
}

/**
 * A reservation's ticket for an e-mail: the grouped code for the text, and the PNG attached inline,
 * which the HTML shows through `cid:` (mail clients that block remote images still show it).
 */
export async function ticketForEmail(secret: string, ticketRef: string): Promise<{ code: string; imageSrc: string; attachment: EmailAttachment }> {
  const code = ticketCode(secret, ticketRef);
  return {
    code: groupTicketCode(code),
    imageSrc: `cid:${TICKET_IMAGE_CID}`,
    attachment: {
      filename: TICKET_IMAGE_FILE_NAME,
      content: ticketQrPng(code).toString("base64"),
      encoding: "base64",
      contentType: "image/png",
      cid: TICKET_IMAGE_CID,
    },
  };
}
