/**
 * Favicon, touch and PWA icons, and the web manifest. The mark is a serif "H" whose upper
 * counter holds a small candle flame, drawn as paths (no font needed) on the night colour.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { palette as P } from "./palette";

/**
 * The door's badge (the staff check-in app, docs/decisions/068): a sage disc with a check mark at the
 * mark's lower right, so the installed door app and the site's own icon tell themselves apart.
 */
const DOOR_BADGE = `<circle cx="50" cy="50" r="11" fill="${P.sage}" stroke="${P.night}" stroke-width="2"/><path d="M44.5 50.5l3.8 3.8 7.2-8" fill="none" stroke="${P.night}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;

/**
 * The Harmonia mark in a 64-unit box. `inset` shrinks the mark towards the centre (for
 * maskable icons); `rounded` gives the favicon its soft tile corners; `door` adds the door's badge.
 */
export function markSvg(opts: { size?: number; inset?: number; rounded?: boolean; door?: boolean } = {}): string {
  const size = opts.size ?? 64;
  const k = 1 - (opts.inset ?? 0);
  const t = k === 1 ? "" : ` transform="translate(${(32 * (1 - k)).toFixed(2)} ${(32 * (1 - k)).toFixed(2)}) scale(${k.toFixed(3)})"`;
  const rx = opts.rounded ? 14 : 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64"><defs><radialGradient id="hg" cx=".5" cy=".42" r=".6"><stop offset="0" stop-color="${P.ember}"/><stop offset="1" stop-color="${P.night}"/></radialGradient><linearGradient id="hf" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="${P.amber}"/><stop offset="1" stop-color="${P.ivory}"/></linearGradient></defs><rect width="64" height="64" rx="${rx}" fill="url(#hg)"/><g${t}><path fill="${P.amber}" d="M11 12h17v4h-4v12.5h16V16h-4v-4h17v4h-4v32h4v4H36v-4h4V35.5H24V48h4v4H11v-4h4V16h-4z"/><path fill="url(#hf)" d="M32 15.5c2.5 3.1 4 5.8 4 8a4 4 0 0 1-8 0c0-2.2 1.5-4.9 4-8z"/>${opts.door ? DOOR_BADGE : ""}</g></svg>\n`;
}

/** Wraps PNG images in an ICO container (PNG-compressed entries, supported since Vista). */
export function pngsToIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const e = 6 + i * 16;
    header.writeUInt8(size >= 256 ? 0 : size, e); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, e + 1); // height
    header.writeUInt8(0, e + 2); // palette colours
    header.writeUInt8(0, e + 3); // reserved
    header.writeUInt16LE(1, e + 4); // colour planes
    header.writeUInt16LE(32, e + 6); // bits per pixel
    header.writeUInt32LE(png.length, e + 8);
    header.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

async function renderPng(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

export const manifest = {
  name: "Harmonia Live Piano Meditation",
  short_name: "Harmonia",
  description: "Live piano meditation by candlelight in San Diego.",
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: P.night,
  theme_color: P.night,
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};

/**
 * The staff door's web app (docs/decisions/068): linked only from the check-in page, started at the
 * door's entry (app/routes/admin/door.ts, which leads to today's event), kept to the check-in pages.
 */
export const doorManifest = {
  name: "Door check-in",
  short_name: "Door",
  description: "Check guests in at the door of a Harmonia event, with or without signal.",
  id: "/admin/eventreservations/door",
  start_url: "/admin/eventreservations/door",
  scope: "/admin/eventreservations/",
  display: "standalone",
  background_color: P.night,
  theme_color: P.night,
  icons: [
    { src: "/door-icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/door-icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/door-icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
    { src: "/door-icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};

/** Writes the door app's icons (any and maskable, and its touch icon) and door.webmanifest into publicDir. */
export async function generateDoorIcons(publicDir: string): Promise<string[]> {
  await mkdir(publicDir, { recursive: true });
  const out = (name: string) => path.join(publicDir, name);
  const square = markSvg({ inset: 0.12, door: true });
  const maskable = markSvg({ inset: 0.34, door: true });
  const targets: [string, string, number][] = [
    ["door-apple-touch-icon.png", square, 180],
    ["door-icon-192.png", square, 192],
    ["door-icon-512.png", square, 512],
    ["door-icon-maskable-192.png", maskable, 192],
    ["door-icon-maskable-512.png", maskable, 512],
  ];
  for (const [name, svg, size] of targets) await writeFile(out(name), await renderPng(svg, size));
  await writeFile(out("door.webmanifest"), JSON.stringify(doorManifest, null, 2) + "\n");
  return [...targets.map(([name]) => out(name)), out("door.webmanifest")];
}

/** Writes favicon.svg/.ico, touch and PWA icons and site.webmanifest into publicDir. */
export async function generateIcons(publicDir: string): Promise<string[]> {
  await mkdir(publicDir, { recursive: true });
  const out = (name: string) => path.join(publicDir, name);
  const written: string[] = [];
  const favicon = markSvg({ rounded: true });
  await writeFile(out("favicon.svg"), favicon);
  written.push(out("favicon.svg"));

  const icoSizes = [16, 32, 48];
  const icoImages = await Promise.all(icoSizes.map(async (size) => ({ size, png: await renderPng(favicon, size) })));
  await writeFile(out("favicon.ico"), pngsToIco(icoImages));
  written.push(out("favicon.ico"));

  // Full-bleed square tiles: the platform applies its own rounding or mask.
  const square = markSvg({ inset: 0.12 });
  const targets: [string, string, number][] = [
    ["apple-touch-icon.png", square, 180],
    ["icon-192.png", square, 192],
    ["icon-512.png", square, 512],
    // maskable: keep the mark inside the central 80 % safe circle
    ["icon-maskable-512.png", markSvg({ inset: 0.34 }), 512],
  ];
  for (const [name, svg, size] of targets) {
    await writeFile(out(name), await renderPng(svg, size));
    written.push(out(name));
  }
  await writeFile(out("site.webmanifest"), JSON.stringify(manifest, null, 2) + "\n");
  written.push(out("site.webmanifest"));
  written.push(...(await generateDoorIcons(publicDir)));
  return written;
}
