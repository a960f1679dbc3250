/**
 * The Open Graph / social share image: brand name and tagline in the brand serif over a
 * candlelit scene, rendered from SVG to a 1200 x 630 JPEG with sharp.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { siteConfig } from "#app/lib/site-config";
import { SANS, SERIF } from "./fonts";
import { createRng, mix, palette as P, seedFrom } from "./palette";
import { backdrop, bokeh, candle, el, glow, grandPiano, Svg, vignette, waves } from "./svg";

export function ogSvg(): string {
  const s = new Svg(1200, 630, "og");
  const rng = createRng(seedFrom("og-image"));
  backdrop(s, [
    [0, P.night],
    [0.65, P.umber],
    [1, P.ember],
  ]);
  glow(s, 880, 330, 520, P.amber, 0.22);
  glow(s, 240, 300, 420, P.rose, 0.1);
  bokeh(s, rng, 22, { x: 0, y: 0, w: 1200, h: 420 }, [P.amber, P.gold, P.rose, P.amber], 6, 30, 0.05, 0.2);
  waves(s, rng, { y: 505, amp: 20, count: 7, color: P.gold, spread: 7, opacity: 0.35, segments: 5 });
  s.add(
    el("rect", {
      y: 560,
      width: 1200,
      height: 70,
      fill: s.linear([
        [0, P.ember, 0.6],
        [1, P.night],
      ]),
    }),
  );
  grandPiano(s, 700, 250, 0.78, mix(P.night, P.umber, 0.4), P.gold);
  const candles: [number, number, number][] = [
    [1010, 120, 40],
    [1060, 82, 34],
    [1110, 150, 42],
    [1150, 96, 32],
  ];
  for (const [x, h, w] of candles) candle(s, x, 596, h, w);
  vignette(s, 0.55);
  const { name, tagline } = siteConfig.brand;
  s.add(
    el("text", { x: 90, y: 290, "font-family": SERIF, "font-size": 132, fill: P.ivory, "letter-spacing": 2 }, name),
    el("path", { d: "M94 330H394", stroke: P.gold, "stroke-width": 1.5, opacity: 0.8 }),
    el("circle", { cx: 244, cy: 330, r: 4, fill: P.amber }),
    el("text", { x: 92, y: 392, "font-family": SERIF, "font-style": "italic", "font-size": 42, fill: P.amber }, tagline),
    el(
      "text",
      { x: 94, y: 452, "font-family": SANS, "font-size": 18, fill: P.rose, "letter-spacing": 6 },
      `${siteConfig.venue.city.toUpperCase()}`,
    ),
  );
  return s.toString();
}

export async function generateOgImage(mediaDir: string): Promise<string> {
  await mkdir(mediaDir, { recursive: true });
  const file = path.join(mediaDir, "og-image.jpg");
  const jpg = await sharp(Buffer.from(ogSvg()))
    .flatten({ background: P.night })
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:2:0" })
    .toBuffer();
  await writeFile(file, jpg);
  return file;
}
