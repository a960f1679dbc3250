/**
 * A ticket's QR code as pages draw it (browser-safe). The server encodes the code (ticket-image.server.ts,
 * with the `qrcode` package); what reaches the page is only the grid of dark modules, in hex, a tenth
 * the size of the drawn path: the check-in page's printed list carries one per guest and reloads often.
 */
export interface TicketQr {
  /** Modules per side, without the quiet zone (21 for our 16-character codes). */
  size: number;
  /** The modules row by row, one bit each (1 = dark), most significant bit first, in hex. */
  modules: string;
}

/** Light modules around the code that scanners need to find it (the QR standard's 4). */
export const TICKET_QR_QUIET_ZONE = 4;

/** What a reader of the page hears for the image: "Ticket code ABCD EFGH JKMN PQRS". */
export const ticketImageLabel = (groupedCode: string) => `Ticket code ${groupedCode}`;

/** Whether the module at `row`, `column` of the grid (quiet zone not counted) is dark. */
export function isDark(qr: TicketQr, row: number, column: number): boolean {
  const bit = row * qr.size + column;
  const nibble = Number.parseInt(qr.modules[bit >> 2] ?? "0", 16);
  return ((nibble >> (3 - (bit & 3))) & 1) === 1;
}

/**
 * The SVG path of the dark modules, one rectangle per run of dark modules in a row, in a square
 * of `size + 2 × quiet zone` units (the viewBox of ticketQrViewBox).
 */
export function ticketQrPath(qr: TicketQr): string {
  const parts: string[] = [];
  for (let row = 0; row < qr.size; row++) {
    let column = 0;
    while (column < qr.size) {
      if (!isDark(qr, row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < qr.size && isDark(qr, row, column)) column++;
      parts.push(`M${start + TICKET_QR_QUIET_ZONE} ${row + TICKET_QR_QUIET_ZONE}h${column - start}v1h-${column - start}z`);
    }
  }
  return parts.join("");
}

export const ticketQrViewBox = (qr: TicketQr) => `0 0 ${qr.size + 2 * TICKET_QR_QUIET_ZONE} ${qr.size + 2 * TICKET_QR_QUIET_ZONE}`;

/** A reservation's ticket as a page shows it: the code in groups of four, and its QR code. */
export interface TicketView {
  /** "ABCD EFGH JKMN PQRS" */
  code: string;
  qr: TicketQr;
}
