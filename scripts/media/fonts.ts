/**
 * Makes the brand serif (Cormorant Garamond, shipped as WOFF by @fontsource) visible to the
 * fontconfig inside sharp/librsvg, so text in rendered PNG/JPEG files uses the site's font.
 *
 * WOFF 1.0 is just zlib-compressed sfnt tables, so we unpack it to a plain TTF in a temp
 * directory and point FONTCONFIG_FILE at a config that adds that directory to the system
 * fonts. If the package is missing, text falls back to the generic serif (DejaVu Serif).
 * Must run before the first text is rendered.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";

/** Serif stack used in every SVG that contains text. */
export const SERIF = "'Cormorant Garamond', Georgia, 'DejaVu Serif', serif";
/** Semibold display cut; its fontconfig family name differs, so it is listed explicitly. */
export const SERIF_SEMIBOLD = "'Cormorant Garamond SemiBold', 'Cormorant Garamond', Georgia, 'DejaVu Serif', serif";
export const SANS = "'Inter', 'DejaVu Sans', sans-serif";

export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) throw new Error("not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector++;
  }
  searchRange *= 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const chunks: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const dir = 44 + i * 20;
    const tag = woff.readUInt32BE(dir);
    const start = woff.readUInt32BE(dir + 4);
    const compLength = woff.readUInt32BE(dir + 8);
    const origLength = woff.readUInt32BE(dir + 12);
    const checksum = woff.readUInt32BE(dir + 16);
    let data = woff.subarray(start, start + compLength);
    if (compLength < origLength) data = inflateSync(data);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    const h = 12 + i * 16;
    header.writeUInt32BE(tag, h);
    header.writeUInt32BE(checksum, h + 4);
    header.writeUInt32BE(offset, h + 8);
    header.writeUInt32BE(origLength, h + 12);
    chunks.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...chunks]);
}

/** Installs the brand font for this process; returns true when Cormorant is available. */
export function setupFonts(repoRoot: string, tmpDir: string): boolean {
  const src = path.join(repoRoot, "node_modules/@fontsource/cormorant-garamond/files");
  if (!existsSync(src)) return false;
  const fontDir = path.join(tmpDir, "fonts");
  mkdirSync(path.join(tmpDir, "fontcache"), { recursive: true });
  mkdirSync(fontDir, { recursive: true });
  for (const cut of ["400-normal", "400-italic", "600-normal"]) {
    const woff = path.join(src, `cormorant-garamond-latin-${cut}.woff`);
    if (!existsSync(woff)) return false;
    writeFileSync(path.join(fontDir, `CormorantGaramond-${cut}.ttf`), woffToSfnt(readFileSync(woff)));
  }
  const conf = path.join(tmpDir, "fonts.conf");
  writeFileSync(
    conf,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${fontDir}</dir>
  <cachedir>${path.join(tmpDir, "fontcache")}</cachedir>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = conf;
  return true;
}
