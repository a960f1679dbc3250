import { writeFileSync } from "node:fs";
import QRCode from "qrcode";

/**
 * A video for Chromium's fake camera (`--use-file-for-fake-video-capture=<file>`): a Y4M file
 * (YUV4MPEG2, 4:2:0) showing the QR code of `text`, black modules on white with the standard quiet
 * zone, as a ticket held up to a phone. Chromium plays it in a loop, so the scanner reads a real
 * code through the real camera path. No image library: the QR modules come from `qrcode`.
 */
export function writeQrVideo(file: string, text: string, options: { width?: number; height?: number; frames?: number; fps?: number } = {}): void {
  const { width = 640, height = 480, frames = 5, fps = 10 } = options;
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const quietZone = 4;
  // As large as fits in the frame's height with its quiet zone.
  const scale = Math.floor((height * 0.9) / (size + 2 * quietZone));
  const side = (size + 2 * quietZone) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  // Luma: white everywhere (235, video range), black (16) where a dark module is.
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      if (!qr.modules.get(row, column)) continue;
      const y0 = top + (row + quietZone) * scale;
      const x0 = left + (column + quietZone) * scale;
      for (let y = y0; y < y0 + scale; y += 1) luma.fill(16, y * width + x0, y * width + x0 + scale);
    }
  }
  // Chroma: grey (no colour), each plane a quarter of the luma's size.
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
