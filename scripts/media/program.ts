/**
 * Renders the evening's program (app/lib/program.ts) into an SVG and a 1200 px wide PNG.
 * The page shows the image with a text alternative built from the same data.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { program, type Program } from "#app/content/program";
import { SERIF, SERIF_SEMIBOLD } from "./fonts";
import { mix, palette as P } from "./palette";
import { el, flame, glow, Svg } from "./svg";

const WIDTH = 1200;
const CX = WIDTH / 2;

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A small centred ornament: two fine lines either side of a dot. */
function ornament(y: number, half = 120): string {
  return (
    el("path", { d: `M${CX - half} ${y}H${CX - 14}M${CX + 14} ${y}H${CX + half}`, stroke: P.gold, "stroke-width": 1.2, opacity: 0.7 }) +
    el("circle", { cx: CX, cy: y, r: 3.5, fill: P.amber })
  );
}

export function programSvg(p: Program = program): string {
  // First lay out the text to learn the height, then draw the background behind it.
  const parts: string[] = [];
  let y = 150;
  parts.push(
    el("text", { x: CX, y, "text-anchor": "middle", "font-family": SERIF, "font-size": 76, fill: P.ivory, "letter-spacing": 1 }, esc(p.title)),
  );
  y += 56;
  parts.push(
    el("text", { x: CX, y, "text-anchor": "middle", "font-family": SERIF, "font-style": "italic", "font-size": 30, fill: P.amber }, esc(p.subtitle)),
  );
  y += 52;
  parts.push(ornament(y, 160));
  y += 40;
  p.sections.forEach((section, i) => {
    y += 62;
    parts.push(
      el("text", { x: CX, y, "text-anchor": "middle", "font-family": SERIF_SEMIBOLD, "font-weight": 600, "font-size": 48, fill: P.amber, "letter-spacing": 2 }, esc(section.heading)),
    );
    y += 38;
    parts.push(
      el(
        "text",
        { x: CX, y, "text-anchor": "middle", "font-family": SERIF, "font-style": "italic", "font-size": 24, fill: mix(P.ivory, P.sage, 0.45) },
        esc(section.description),
      ),
    );
    y += 22;
    for (const song of section.songs) {
      y += 50;
      const note = song.note
        ? el("tspan", { dx: 14, fill: P.sage, "font-style": "italic", "font-size": 24 }, `·\u00a0\u00a0${esc(song.note)}`)
        : "";
      parts.push(el("text", { x: CX, y, "text-anchor": "middle", "font-family": SERIF, "font-size": 34, fill: P.ivory }, esc(song.title) + note));
    }
    y += 44;
    if (i < p.sections.length - 1) parts.push(ornament(y, 60));
  });
  y += 40;
  parts.push(
    el("text", { x: CX, y, "text-anchor": "middle", "font-family": SERIF, "font-style": "italic", "font-size": 26, fill: mix(P.ivory, P.amber, 0.4) }, esc(p.closing)),
  );
  const height = Math.ceil(y + 110);

  const s = new Svg(WIDTH, height, "pg");
  s.add(
    el("rect", {
      width: WIDTH,
      height,
      fill: s.linear([
        [0, P.night],
        [0.5, P.umber],
        [1, P.night],
      ]),
    }),
  );
  glow(s, CX, 60, 520, P.amber, 0.12, 220);
  glow(s, CX, height - 30, 560, P.rose, 0.08, 200);
  s.add(
    el("rect", { x: 28, y: 28, width: WIDTH - 56, height: height - 56, rx: 18, fill: "none", stroke: P.gold, "stroke-width": 1.5, opacity: 0.55 }),
    el("rect", { x: 38, y: 38, width: WIDTH - 76, height: height - 76, rx: 12, fill: "none", stroke: P.gold, "stroke-width": 0.8, opacity: 0.35 }),
  );
  flame(s, CX, 70, 26, 0.6);
  s.add(...parts);
  flame(s, CX, height - 52, 18, 0.5);
  return s.toString();
}

export async function generateProgram(imagesDir: string): Promise<string[]> {
  await mkdir(imagesDir, { recursive: true });
  const svg = programSvg();
  const svgFile = path.join(imagesDir, "program.svg");
  const pngFile = path.join(imagesDir, "program.png");
  await writeFile(svgFile, svg);
  let png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
  if (png.length > 240_000) {
    // Smooth dark gradients can make a true-colour PNG large; a 256-colour palette with
    // dithering looks identical here and is a fraction of the size.
    png = await sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true, colours: 256, dither: 0.8 }).toBuffer();
  }
  await writeFile(pngFile, png);
  // What the page serves: WebP at the widths it is shown at (a phone, a tablet, the full card),
  // through srcset; the PNG stays for browsers without WebP and for sharing.
  const webpFiles: string[] = [];
  for (const width of programWebpWidths) {
    const file = path.join(imagesDir, `program-${width}.webp`);
    await writeFile(file, await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 82, effort: 6 }).toBuffer());
    webpFiles.push(file);
  }
  return [svgFile, pngFile, ...webpFiles];
}

/** The widths of the program's WebP versions (app/routes/site/program.tsx lists the same). */
export const programWebpWidths = [480, 800, 1200] as const;
