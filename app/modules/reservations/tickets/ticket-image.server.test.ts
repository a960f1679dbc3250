import { inflateSync } from "node:zlib";
import QRCode from "qrcode";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { TicketQrCode } from "#app/components/events/ticket-qr-code";
import { groupTicketCode } from "./ticket-code";
import { readTicketCode, ticketCode } from "./ticket-code.server";
import { TICKET_IMAGE_CID, ticketForEmail, ticketQr, ticketQrPng, ticketView } from "./ticket-image.server";
import { TICKET_QR_QUIET_ZONE, ticketQrPath, ticketQrViewBox, type TicketQr } from "./ticket-qr";

const secret = "a-signing-secret-of-enough-length-0123456789";
const ref = "0f1e2d3c4b5a";

/** A PNG's size and its pixels' samples (8-bit RGBA, RGB or grey; 1-bit grey as 0 or 255): the chunks checked, IDAT inflated and unfiltered (PNG's five filters). */
function decodePng(png: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  let header: Buffer | undefined;
  const data: Buffer[] = [];
  let ended = false;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") header = body;
    if (type === "IDAT") data.push(body);
    if (type === "IEND") ended = true;
    offset += 12 + length;
  }
  expect(ended).toBe(true);
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  const [bitDepth, colourType] = [header![8], header![9]];
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : colourType === 0 ? 1 : NaN;
  expect(bitDepth === 8 || (bitDepth === 1 && colourType === 0)).toBe(true);
  const stride = bitDepth === 1 ? Math.ceil(width / 8) : width * channels;
  const raw = inflateSync(Buffer.concat(data));
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    const above = rows[y - 1] ?? Buffer.alloc(stride);
    for (let i = 0; i < stride; i++) {
      const left = i >= channels ? line[i - channels]! : 0;
      const up = above[i]!;
      const upLeft = i >= channels ? above[i - channels]! : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      };
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter]!;
      line[i] = (line[i]! + predictor) & 0xff;
    }
    rows.push(line);
  }
  if (bitDepth === 1) return { width, height, pixel: (x, y) => [(rows[y]![x >> 3]! >> (7 - (x & 7))) & 1 ? 255 : 0] };
  return { width, height, pixel: (x, y) => [...rows[y]!.subarray(x * channels, x * channels + channels)] };
}

const dark = (qr: TicketQr, row: number, column: number) => {
  const bit = row * qr.size + column;
  return ((Number.parseInt(qr.modules[bit >> 2]!, 16) >> (3 - (bit & 3))) & 1) === 1;
};

describe("ticket images", () => {
  const code = ticketCode(secret, ref);

  it("draw the code as a version 1 QR code whose PNG shows, module for module, the grid the pages draw, in a white quiet zone", async () => {
    const qr = ticketQr(code);
    expect(qr.size).toBe(21);
    expect(qr.modules).toMatch(/^[0-9a-f]+$/);
    const file = ticketQrPng(code);
    // Black and white, a bit a pixel (IHDR's bit depth and colour type): a 32nd of RGBA's bytes to compress for every e-mail.
    expect(file.toString("latin1", 12, 16)).toBe("IHDR");
    expect([file[24], file[25]]).toEqual([1, 0]);
    // Every pixel, not only the modules' centres: the same image as the general encoder draws.
    const reference = decodePng(await QRCode.toBuffer(code, { errorCorrectionLevel: "M", margin: TICKET_QR_QUIET_ZONE, scale: file.readUInt32BE(16) / (21 + 2 * TICKET_QR_QUIET_ZONE) }));
    const drawn = decodePng(file);
    for (let y = 0; y < drawn.height; y++) for (let x = 0; x < drawn.width; x++) if (drawn.pixel(x, y)[0] !== reference.pixel(x, y)[0]) expect.fail(`pixel ${x},${y}`);
    const png = decodePng(file);
    const modulesPerSide = qr.size + 2 * TICKET_QR_QUIET_ZONE;
    expect(png.width).toBe(png.height);
    expect(png.width % modulesPerSide).toBe(0);
    // Large enough to scan from a phone's screen: at least 8 pixels a module.
    const scale = png.width / modulesPerSide;
    expect(scale).toBeGreaterThanOrEqual(8);
    const isBlack = (x: number, y: number) => png.pixel(x, y).slice(0, 3).every((value) => value === 0);
    const isWhite = (x: number, y: number) => png.pixel(x, y).slice(0, 3).every((value) => value === 255);
    for (let row = -TICKET_QR_QUIET_ZONE; row < qr.size + TICKET_QR_QUIET_ZONE; row++) {
      for (let column = -TICKET_QR_QUIET_ZONE; column < qr.size + TICKET_QR_QUIET_ZONE; column++) {
        const x = Math.floor((column + TICKET_QR_QUIET_ZONE + 0.5) * scale);
        const y = Math.floor((row + TICKET_QR_QUIET_ZONE + 0.5) * scale);
        const inGrid = row >= 0 && column >= 0 && row < qr.size && column < qr.size;
        expect(inGrid && dark(qr, row, column) ? isBlack(x, y) : isWhite(x, y), `module ${row},${column}`).toBe(true);
      }
    }
  });

  it("draw the grid as an SVG path with the three finder squares, inside the quiet zone", () => {
    const qr = ticketQr(code);
    const path = ticketQrPath(qr);
    // Each finder pattern's top edge: seven dark modules in a row, at three corners of the grid.
    for (const [x, y] of [[4, 4], [4 + 14, 4], [4, 4 + 14]]) expect(path).toContain(`M${x} ${y}h7v1h-7z`);
    expect(ticketQrViewBox(qr)).toBe("0 0 29 29");
    // A known grid: one row "1101" and one "0001" of a 4-module code.
    expect(ticketQrPath({ size: 4, modules: "d1" })).toBe("M4 4h2v1h-2zM7 4h1v1h-1zM7 5h1v1h-1z");
  });

  it("are shown on pages as an image named by the grouped code", () => {
    const ticket = ticketView(secret, ref);
    expect(ticket.code).toBe(groupTicketCode(code));
    const markup = renderToStaticMarkup(createElement(TicketQrCode, { ticket }));
    expect(markup).toContain(`role="img" aria-label="Ticket code ${groupTicketCode(code)}"`);
    expect(markup).toContain(`<path d="${ticketQrPath(ticket.qr)}" fill="#000000">`);
  });

  it("go with e-mails as an inline PNG whose grouped code reads back to the reservation", async () => {
    const ticket = await ticketForEmail(secret, ref);
    expect(ticket.imageSrc).toBe(`cid:${TICKET_IMAGE_CID}`);
    expect(ticket.attachment).toMatchObject({ filename: "ticket.png", contentType: "image/png", encoding: "base64", cid: TICKET_IMAGE_CID });
    expect(Buffer.from(ticket.attachment.content, "base64").equals(ticketQrPng(code))).toBe(true);
    expect(readTicketCode(secret, ticket.code)).toBe(ref);
  });
});
