import { crc32, deflateSync } from "node:zlib";
import { isDark, type TicketQr } from "./ticket-qr";

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: length, type, body, and the CRC of type and body. */
function chunk(type: string, body: Buffer): Buffer {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, "latin1");
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}

/**
 * A QR code's grid as a greyscale PNG (8 bits, colour type 0), `scale` pixels a module, with
 * `quietZone` white modules around it. Written straight from the grid: every confirmation e-mail
 * carries one, and the general-purpose encoder (RGBA pixels, converted, then five filters tried per
 * row) cost about 20 ms of CPU a reservation on a busy 2-core machine, where this costs about one
 * (decision 069). Rows are left unfiltered: a QR code's rows repeat `scale` times, which deflate
 * finds on its own.
 */
export function qrPng(qr: TicketQr, options: { scale: number; quietZone: number }): Buffer {
  const { scale, quietZone } = options;
  const side = (qr.size + 2 * quietZone) * scale;
  const stride = side + 1;
  // White everywhere, each row's first byte (its filter type) then set to 0: none.
  const raw = Buffer.alloc(stride * side, 255);
  for (let y = 0; y < side; y++) {
    raw[y * stride] = 0;
    const row = Math.floor(y / scale) - quietZone;
    if (row < 0 || row >= qr.size) continue;
    for (let column = 0; column < qr.size; column++) {
      if (!isDark(qr, row, column)) continue;
      const start = y * stride + 1 + (column + quietZone) * scale;
      raw.fill(0, start, start + scale);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per sample
  header[9] = 0; // greyscale; compression, filter method and interlace stay 0
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(raw, { level: 6 })), chunk("IEND", Buffer.alloc(0))]);
}
