/**
 * The site's illustrations: abstract, candlelit SVG art built from the shared motifs in svg.ts.
 * Each artwork is a pure function of its seed; generateImages() writes them all to
 * public/media/images/.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createRng, mix, n, palette as P, range, seedFrom } from "./palette";
import {
  backdrop,
  bokeh,
  candle,
  el,
  flame,
  glow,
  grandPiano,
  pianoKeys,
  ridge,
  rings,
  seatedFigure,
  stars,
  Svg,
  vignette,
  waves,
} from "./svg";

const warmBokeh = [P.amber, P.gold, P.rose, P.amber, P.gold, P.ivory] as const;

/* ------------------------------------------------------------ extra motifs */

function tf(x: number, y: number, scale: number, flip = false): string {
  return `translate(${n(x)} ${n(y)}) scale(${flip ? "-" : ""}${n(scale, 3)} ${n(scale, 3)})`;
}

/** Head-and-shoulders silhouette. Local drawing 200 x 200, bust base on y = 200. */
type Hair = "long" | "short" | "bun" | "curly" | "bob" | "wave";
function bust(s: Svg, x: number, y: number, scale: number, skin: string, hairColor: string, hair: Hair, rim?: string): void {
  const t = tf(x, y, scale);
  const back: Record<Hair, string> = {
    long: "M62 84C56 34 144 34 138 84L148 168C124 180 76 180 52 168Z",
    short: "M64 98C54 32 146 32 136 98C133 88 129 80 124 74H76C71 80 67 88 64 98Z",
    bun: "M100 10a19 19 0 1 1 0 38a19 19 0 1 1 0-38ZM64 98C54 32 146 32 136 98C133 88 129 80 124 74H76C71 80 67 88 64 98Z",
    curly: "",
    bob: "M62 100C52 32 148 32 138 100C136 112 126 114 122 102L78 102C74 114 64 112 62 100Z",
    wave: "M64 90C54 30 150 30 140 92C146 120 150 140 142 158C130 150 126 130 124 110L76 110C72 120 70 112 64 90Z",
  };
  if (back[hair]) s.add(el("path", { d: back[hair], fill: hairColor, transform: t }));
  s.add(
    el("path", {
      d: "M14 200C18 152 54 136 86 132L88 112H112L114 132C146 136 182 152 186 200Z M100 42C120 42 132 58 132 80C132 104 118 120 100 120C82 120 68 104 68 80C68 58 80 42 100 42Z",
      fill: skin,
      transform: t,
    }),
  );
  const front: Record<Hair, string> = {
    long: "M66 84C62 46 82 36 102 36C124 36 140 50 134 84C128 64 112 56 96 56C84 60 74 70 66 84Z",
    short: "M67 78C64 44 84 36 101 36C120 36 138 46 133 78C126 62 114 54 100 54C86 54 74 62 67 78Z",
    bun: "M67 80C64 46 84 38 101 38C120 38 137 48 133 80C124 60 112 54 100 54C88 54 76 60 67 80Z",
    curly:
      "M70 70a14 14 0 1 1 16-22a14 14 0 1 1 28 0a14 14 0 1 1 16 22C126 62 114 56 100 56C86 56 74 62 70 70Z M66 82a9 9 0 1 1 6-14M134 82a9 9 0 1 0-6-14",
    bob: "M66 86C64 46 84 36 102 36C122 36 138 48 134 86C126 66 116 60 100 60C84 62 72 70 66 86Z",
    wave: "M68 84C64 42 92 30 112 36C132 42 140 60 134 88C126 62 104 56 82 66C76 70 72 76 68 84Z",
  };
  s.add(el("path", { d: front[hair], fill: hairColor, transform: t }));
  if (rim) glow(s, x + 100 * scale, y + 80 * scale, 70 * scale, rim, 0.18);
}

/** A pianist in profile on a bench, facing right. Local drawing 240 x 420, floor at y = 420. */
function pianist(s: Svg, x: number, y: number, scale: number, fill: string, hairColor: string): void {
  const t = tf(x, y, scale);
  s.add(
    el("path", {
      d:
        // head, neck and torso leaning slightly towards the keys
        "M120 30C140 30 154 46 152 66C151 80 146 90 140 96L140 110C150 116 160 126 166 140L214 196C220 202 222 210 216 214L206 220L160 170L156 250H224C236 250 242 258 238 268L226 400L238 414V420H206L204 406L214 282H118C96 282 86 268 88 248L92 170C94 134 100 112 108 100C98 92 92 80 92 64C92 44 104 30 120 30Z" +
        // bench
        "M62 286H178V300H62Z M72 300H82V420H72Z M158 300H168V420H158Z",
      fill,
      transform: t,
    }),
  );
  // hair gathered low at the nape
  s.add(
    el("path", {
      d: "M94 66C90 40 106 26 124 28C142 28 154 40 152 56C140 48 124 48 112 58C106 66 104 78 106 92C98 88 95 78 94 66Z M96 88a16 16 0 1 1 18 20a16 16 0 1 1-18-20Z",
      fill: hairColor,
      transform: t,
    }),
  );
}

/** A crescent (lit on its left) or a full moon, with its halo. */
function moon(s: Svg, cx: number, cy: number, r: number, crescent: boolean): void {
  glow(s, cx, cy, r * 5, P.ivory, crescent ? 0.14 : 0.22);
  glow(s, cx, cy, r * 2.2, P.amber, crescent ? 0.16 : 0.25);
  const fill = s.radial(
    [
      [0, "#fbf3e4"],
      [0.8, P.ivory],
      [1, mix(P.ivory, P.amber, 0.4)],
    ],
    0.42,
    0.4,
    0.65,
  );
  if (crescent) {
    s.add(
      el("path", {
        d: `M${n(cx)} ${n(cy - r)}A${n(r)} ${n(r)} 0 0 0 ${n(cx)} ${n(cy + r)}A${n(r * 0.55)} ${n(r)} 0 0 1 ${n(cx)} ${n(cy - r)}Z`,
        fill,
      }),
    );
    return;
  }
  s.add(el("circle", { cx, cy, r, fill }));
  s.add(el("circle", { cx: cx - r * 0.3, cy: cy + r * 0.18, r: r * 0.22, fill: P.gold, opacity: 0.12 }));
  s.add(el("circle", { cx: cx + r * 0.28, cy: cy - r * 0.25, r: r * 0.14, fill: P.gold, opacity: 0.12 }));
}

/** Palm silhouette: a curved trunk with a crown of fronds. */
function palm(s: Svg, x: number, baseY: number, h: number, lean: number, fill: string): void {
  const topX = x + lean;
  const topY = baseY - h;
  let d = `M${n(x - h * 0.025)} ${n(baseY)}Q${n(x + lean * 0.2)} ${n(baseY - h * 0.55)} ${n(topX - h * 0.012)} ${n(topY)}L${n(topX + h * 0.012)} ${n(topY)}Q${n(x + lean * 0.2 + h * 0.03)} ${n(baseY - h * 0.55)} ${n(x + h * 0.025)} ${n(baseY)}Z`;
  const fronds = [-2.7, -2.2, -1.7, -1.2, -0.5, -0.1, 0.4];
  for (const a of fronds) {
    const len = h * 0.42;
    const ex = topX + Math.cos(a) * len;
    const ey = topY + Math.sin(a) * len * 0.55 + len * 0.35;
    const cx = topX + Math.cos(a) * len * 0.55;
    const cy = topY + Math.sin(a) * len * 0.6 - len * 0.12;
    const w = h * 0.035;
    d += `M${n(topX)} ${n(topY)}Q${n(cx)} ${n(cy - w)} ${n(ex)} ${n(ey)}Q${n(cx)} ${n(cy + w)} ${n(topX)} ${n(topY + 2)}Z`;
  }
  s.add(el("path", { d, fill }));
}

/** A stylised pine: stacked triangles. */
function pine(s: Svg, x: number, baseY: number, h: number, fill: string): void {
  const w = h * 0.36;
  let d = `M${n(x - h * 0.02)} ${n(baseY)}h${n(h * 0.04)}v${n(-h * 0.2)}h${n(-h * 0.04)}Z`;
  for (let i = 0; i < 3; i++) {
    const top = baseY - h + i * h * 0.24;
    const bottom = baseY - h * 0.15 - (2 - i) * h * 0.12;
    const hw = w * (0.55 + i * 0.22);
    d += `M${n(x)} ${n(top)}L${n(x + hw)} ${n(bottom)}H${n(x - hw)}Z`;
  }
  s.add(el("path", { d, fill }));
}

/** Lotus flower from layered petals. */
function lotus(s: Svg, cx: number, cy: number, size: number, color: string): void {
  const petal = (angle: number, len: number, wid: number, c: string, op: number) => {
    const d = `M0 0C${n(wid)} ${n(-len * 0.35)} ${n(wid * 0.6)} ${n(-len * 0.85)} 0 ${n(-len)}C${n(-wid * 0.6)} ${n(-len * 0.85)} ${n(-wid)} ${n(-len * 0.35)} 0 0Z`;
    s.add(el("path", { d, fill: c, opacity: op, transform: `translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})` }));
  };
  for (const a of [-78, 78]) petal(a, size * 0.8, size * 0.22, mix(color, P.night, 0.35), 0.8);
  for (const a of [-52, 52]) petal(a, size * 0.9, size * 0.26, mix(color, P.night, 0.2), 0.85);
  for (const a of [-26, 26]) petal(a, size, size * 0.28, color, 0.9);
  petal(0, size * 1.08, size * 0.3, mix(color, P.ivory, 0.35), 0.95);
}

/** A warm string of small lights hanging between two points. */
function stringLights(s: Svg, x1: number, y1: number, x2: number, y2: number, sag: number, count: number): void {
  const mx = (x1 + x2) / 2;
  const my = Math.max(y1, y2) + sag;
  s.add(el("path", { d: `M${n(x1)} ${n(y1)}Q${n(mx)} ${n(my + sag * 0.9)} ${n(x2)} ${n(y2)}`, fill: "none", stroke: P.ember, "stroke-width": 1.5 }));
  for (let i = 1; i < count; i++) {
    const t = i / count;
    const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
    const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * (my + sag * 0.9) + t * t * y2;
    glow(s, x, y + 3, 14, P.amber, 0.55);
    s.add(el("circle", { cx: x, cy: y + 3, r: 2.6, fill: P.ivory }));
  }
}

/** Small glass lantern with a candle inside. */
function lantern(s: Svg, x: number, baseY: number, h: number): void {
  const w = h * 0.62;
  glow(s, x, baseY - h * 0.45, h * 2.4, P.amber, 0.35);
  s.add(
    el("path", {
      d: `M${n(x - w / 2)} ${n(baseY)}V${n(baseY - h * 0.8)}L${n(x)} ${n(baseY - h)}L${n(x + w / 2)} ${n(baseY - h * 0.8)}V${n(baseY)}Z`,
      fill: P.amber,
      opacity: 0.18,
      stroke: P.ember,
      "stroke-width": Math.max(1.5, h * 0.05),
    }),
  );
  flame(s, x, baseY - h * 0.28, h * 0.32, 0.4);
  s.add(el("path", { d: `M${n(x - h * 0.12)} ${n(baseY - h)}a${n(h * 0.12)} ${n(h * 0.12)} 0 0 1 ${n(h * 0.24)} 0`, fill: "none", stroke: P.ember, "stroke-width": 2 }));
}

/** A cluster of candles of varied heights. */
function candleCluster(s: Svg, rng: () => number, cx: number, baseY: number, width: number, count: number, scale: number): void {
  const items = Array.from({ length: count }, (_, i) => ({
    x: cx - width / 2 + (width * (i + 0.5)) / count + range(rng, -0.2, 0.2) * (width / count),
    h: range(rng, 0.7, 2.2) * scale,
    w: range(rng, 0.45, 0.62) * scale,
    dy: range(rng, -0.12, 0.12) * scale,
  }));
  items.sort((a, b) => a.dy - b.dy);
  for (const c of items) candle(s, c.x, baseY + c.dy, c.h, c.w);
}

function floorGlow(s: Svg, y: number, color: string = P.ember, opacity = 0.8): void {
  s.add(
    el("rect", {
      y,
      width: s.width,
      height: s.height - y,
      fill: s.linear([
        [0, color, opacity],
        [1, P.night, 1],
      ]),
    }),
  );
}

const nightSky = [
  [0, P.night],
  [0.6, P.umber],
  [1, P.ember],
] as const;

/* ------------------------------------------------------------- artworks */

function hero(): string {
  const s = new Svg(1600, 900, "hh");
  const rng = createRng(seedFrom("hero"));
  backdrop(s, nightSky);
  glow(s, 1040, 430, 720, P.amber, 0.22);
  glow(s, 420, 640, 520, P.rose, 0.14);
  bokeh(s, rng, 34, { x: 0, y: 20, w: 1600, h: 520 }, warmBokeh, 10, 46, 0.06, 0.26);
  waves(s, rng, { y: 430, amp: 38, count: 9, color: P.amber, spread: 9, width: 1.4, opacity: 0.45, segments: 5 });
  floorGlow(s, 800, P.ember, 0.9);
  glow(s, 1050, 812, 560, P.gold, 0.18, 40);
  grandPiano(s, 700, 230, 1.45, mix(P.night, P.umber, 0.4), P.gold);
  candleCluster(s, rng, 330, 856, 420, 6, 52);
  candleCluster(s, rng, 1480, 870, 150, 3, 34);
  vignette(s, 0.75);
  return s.toString();
}

function candlelightYoga(): string {
  const s = new Svg(1200, 800, "cy");
  const rng = createRng(seedFrom("candlelight-yoga"));
  backdrop(s, nightSky);
  glow(s, 600, 430, 520, P.amber, 0.18);
  bokeh(s, rng, 22, { x: 0, y: 0, w: 1200, h: 380 }, warmBokeh, 8, 34, 0.06, 0.22);
  floorGlow(s, 610, P.ember, 0.85);
  // mat in gentle perspective
  s.add(el("path", { d: "M430 712L468 606H732L770 712Z", fill: mix(P.rose, P.night, 0.62) }));
  seatedFigure(s, 500, 430, 1.0, mix(P.night, P.umber, 0.5));
  glow(s, 600, 420, 140, P.amber, 0.12);
  for (const [x, y, h] of [
    [250, 690, 70],
    [320, 660, 44],
    [880, 660, 52],
    [950, 695, 80],
    [170, 730, 46],
    [1040, 735, 40],
  ] as const)
    candle(s, x, y, h, 30);
  waves(s, rng, { y: 250, amp: 26, count: 6, color: P.gold, spread: 10, opacity: 0.3 });
  vignette(s);
  return s.toString();
}

function community(): string {
  const s = new Svg(1200, 800, "co");
  const rng = createRng(seedFrom("community"));
  backdrop(s, nightSky);
  glow(s, 600, 520, 620, P.amber, 0.25);
  bokeh(s, rng, 26, { x: 0, y: 0, w: 1200, h: 400 }, warmBokeh, 8, 40, 0.06, 0.24);
  floorGlow(s, 560, P.ember, 0.75);
  glow(s, 600, 600, 360, P.gold, 0.22, 70);
  // far row of people around the light
  const far = [300, 420, 780, 900];
  for (const x of far) seatedFigure(s, x - 55, 420, 0.55, mix(P.umber, P.ember, 0.6), 0.95);
  candleCluster(s, rng, 600, 610, 200, 5, 40);
  // near row, larger and darker
  for (const [x, sc] of [
    [150, 1.05],
    [430, 0.95],
    [770, 0.95],
    [1050, 1.05],
  ] as const)
    seatedFigure(s, x - 100 * sc, 800 - 230 * sc + 12, sc, mix(P.night, P.umber, 0.3));
  vignette(s, 0.6);
  return s.toString();
}

function mtSoledad(): string {
  const s = new Svg(1200, 800, "ms");
  const rng = createRng(seedFrom("mt-soledad"));
  backdrop(s, [
    [0, mix(P.night, P.ember, 0.4)],
    [0.35, mix(P.ember, P.rose, 0.35)],
    [0.58, mix(P.rose, P.amber, 0.45)],
    [0.66, P.amber],
  ]);
  glow(s, 760, 520, 520, P.amber, 0.45);
  glow(s, 760, 520, 140, P.ivory, 0.6);
  s.add(el("circle", { cx: 760, cy: 520, r: 46, fill: "#fbe6bf" }));
  // ocean below the horizon
  s.add(
    el("rect", {
      y: 520,
      width: 1200,
      height: 280,
      fill: s.linear([
        [0, mix(P.rose, P.ember, 0.5)],
        [1, P.umber],
      ]),
    }),
  );
  let shimmer = "";
  for (let i = 0; i < 26; i++) {
    const y = 528 + i * i * 0.5 + i * 3;
    const w = range(rng, 20, 90) * (1 + i * 0.05);
    const x = 760 + range(rng, -1, 1) * (40 + i * 10) - w / 2;
    shimmer += `M${n(x)} ${n(y)}h${n(w)}`;
  }
  s.add(el("path", { d: shimmer, stroke: P.amber, "stroke-width": 2, "stroke-linecap": "round", opacity: 0.5 }));
  // distant coast, the memorial hill with its terraced top, and foreground brush
  ridge(s, [[0, 540], [220, 528], [420, 536], [520, 545]], mix(P.ember, P.rose, 0.25), 0.8);
  const hill = mix(P.night, P.ember, 0.45);
  s.add(
    el("path", {
      d: "M-10 640C90 590 180 500 262 436C272 428 282 424 296 424H360C376 424 388 430 402 440C470 490 560 552 680 600C820 650 1000 668 1210 684V810H-10Z",
      fill: hill,
    }),
  );
  // the memorial on the summit: low concentric walls, no cross
  s.add(el("path", { d: "M286 425V414Q328 404 370 414V425ZM302 414V405Q328 398 354 405V414Z", fill: mix(P.night, P.ember, 0.6) }));
  s.add(el("path", { d: "M286 414Q328 404 370 414M302 405Q328 398 354 405", fill: "none", stroke: P.amber, "stroke-width": 1.5, opacity: 0.45 }));
  for (const [x, y, h] of [
    [150, 548, 44],
    [176, 530, 36],
    [214, 486, 30],
    [440, 476, 34],
    [468, 494, 40],
    [560, 548, 30],
  ] as const)
    pine(s, x, y, h, mix(P.night, P.ember, 0.3));
  ridge(s, [[-10, 700], [300, 660], [700, 720], [1210, 690]], P.night);
  bokeh(s, rng, 10, { x: 0, y: 40, w: 1200, h: 260 }, [P.ivory, P.amber], 3, 10, 0.1, 0.3);
  vignette(s, 0.45);
  return s.toString();
}

function founder(): string {
  const s = new Svg(800, 1000, "fo");
  const rng = createRng(seedFrom("founder"));
  backdrop(s, nightSky);
  glow(s, 470, 420, 520, P.amber, 0.24);
  bokeh(s, rng, 18, { x: 0, y: 0, w: 800, h: 520 }, warmBokeh, 8, 36, 0.06, 0.22);
  floorGlow(s, 860, P.ember, 0.85);
  grandPiano(s, 250, 400, 1.15, mix(P.night, P.umber, 0.45), P.gold);
  candle(s, 600, 591, 60, 26);
  candle(s, 650, 591, 40, 22);
  pianist(s, 60, 418, 1.05, mix(P.night, P.umber, 0.25), P.night);
  waves(s, rng, { y: 300, amp: 30, count: 6, color: P.amber, spread: 9, opacity: 0.35, x0: 250, x1: 820 });
  vignette(s, 0.6);
  return s.toString();
}

function aboutMission(): string {
  const s = new Svg(1200, 800, "am");
  const rng = createRng(seedFrom("about-mission"));
  backdrop(s, nightSky);
  glow(s, 430, 360, 380, P.rose, 0.22);
  glow(s, 770, 360, 380, P.sage, 0.22);
  glow(s, 600, 540, 380, P.amber, 0.26);
  bokeh(s, rng, 24, { x: 0, y: 0, w: 1200, h: 640 }, warmBokeh, 8, 30, 0.05, 0.2);
  waves(s, rng, { y: 400, amp: 60, count: 12, color: P.amber, spread: 7, opacity: 0.4, width: 1.3, segments: 5 });
  rings(s, 600, 400, 60, 34, 5, P.ivory, 0.22);
  flame(s, 600, 420, 60);
  pianoKeys(s, -40, 690, 1400, 120, 280, { opacity: 0.85, transform: "skewX(-8)" });
  s.add(el("rect", { y: 660, width: 1200, height: 140, fill: s.linear([[0, P.night, 0.9], [0.6, P.night, 0.2], [1, P.night, 0.7]]) }));
  vignette(s, 0.6);
  return s.toString();
}

function launchPlatform(): string {
  const s = new Svg(1200, 800, "lp");
  const rng = createRng(seedFrom("launch-platform"));
  backdrop(s, nightSky);
  glow(s, 600, 400, 520, P.amber, 0.22);
  bokeh(s, rng, 24, { x: 0, y: 0, w: 1200, h: 800 }, warmBokeh, 8, 36, 0.05, 0.2);
  waves(s, rng, { y: 420, amp: 40, count: 10, color: P.gold, spread: 8, opacity: 0.35, segments: 5 });
  // headphones around the phone
  s.add(
    el("path", {
      d: "M370 470C370 250 470 150 600 150C730 150 830 250 830 470",
      fill: "none",
      stroke: mix(P.umber, P.ember, 0.7),
      "stroke-width": 30,
      "stroke-linecap": "round",
    }),
  );
  s.add(el("path", { d: "M380 430C380 260 480 166 600 166C720 166 820 260 820 430", fill: "none", stroke: P.gold, "stroke-width": 2, opacity: 0.5 }));
  for (const x of [336, 794]) {
    s.add(el("rect", { x, y: 420, width: 70, height: 150, rx: 30, fill: mix(P.umber, P.ember, 0.8) }));
    s.add(el("rect", { x: x + (x < 600 ? 52 : 0), y: 436, width: 18, height: 118, rx: 9, fill: P.rose, opacity: 0.55 }));
  }
  // phone
  s.add(el("rect", { x: 505, y: 240, width: 190, height: 380, rx: 28, fill: P.night, stroke: P.gold, "stroke-width": 3 }));
  s.add(
    el("rect", {
      x: 517,
      y: 258,
      width: 166,
      height: 344,
      rx: 18,
      fill: s.linear([
        [0, mix(P.ember, P.rose, 0.35)],
        [1, P.umber],
      ]),
    }),
  );
  glow(s, 600, 370, 90, P.amber, 0.55);
  flame(s, 600, 396, 44, 0);
  // equaliser bars and a play ring on the screen (no text)
  let bars = "";
  [18, 30, 44, 26, 52, 36, 22, 40, 28, 16].forEach((h, i) => {
    bars += `M${540 + i * 13} ${n(510 - h / 2)}v${h}`;
  });
  s.add(el("path", { d: bars, stroke: P.ivory, "stroke-width": 5, "stroke-linecap": "round", opacity: 0.75 }));
  s.add(el("circle", { cx: 600, cy: 565, r: 18, fill: "none", stroke: P.amber, "stroke-width": 2.5 }));
  s.add(el("path", { d: "M594 556L609 565L594 574Z", fill: P.amber }));
  vignette(s, 0.6);
  return s.toString();
}

const teamHues = {
  elena: { bg: P.amber, hair: "long" as Hair, seed: "team-elena" },
  marcus: { bg: P.sage, hair: "short" as Hair, seed: "team-marcus" },
  priya: { bg: P.rose, hair: "bun" as Hair, seed: "team-priya" },
};

function teamPortrait(who: keyof typeof teamHues): string {
  const { bg, hair, seed } = teamHues[who];
  const s = new Svg(400, 400, `t${who[0]}`);
  const rng = createRng(seedFrom(seed));
  backdrop(s, [
    [0, mix(bg, P.night, 0.55)],
    [1, mix(bg, P.night, 0.85)],
  ]);
  glow(s, 230, 150, 260, bg, 0.6);
  bokeh(s, rng, 9, { x: 0, y: 0, w: 400, h: 260 }, [bg, P.ivory, P.amber], 6, 26, 0.08, 0.3);
  waves(s, rng, { y: 300, amp: 14, count: 5, color: mix(bg, P.ivory, 0.4), spread: 6, opacity: 0.3, segments: 3 });
  bust(s, 60, 100, 1.5, mix(bg, P.night, 0.72), mix(bg, P.night, 0.88), hair, mix(bg, P.ivory, 0.5));
  return s.toString();
}

function avatar(i: number): string {
  const hues = [P.amber, P.rose, P.sage, P.gold, mix(P.rose, P.sage, 0.5), mix(P.ivory, P.gold, 0.4)];
  const hairs: Hair[] = ["wave", "short", "curly", "bob", "long", "bun"];
  const bg = hues[i % hues.length] as string;
  const s = new Svg(160, 160, `a${i}`);
  const rng = createRng(seedFrom(`avatar-${i}`));
  backdrop(s, [
    [0, mix(bg, P.night, 0.35)],
    [1, mix(bg, P.night, 0.75)],
  ]);
  glow(s, range(rng, 60, 110), range(rng, 40, 70), 90, mix(bg, P.ivory, 0.3), 0.6);
  bokeh(s, rng, 4, { x: 0, y: 0, w: 160, h: 100 }, [P.ivory, bg], 4, 12, 0.12, 0.3);
  bust(s, 16, 24, 0.68, mix(bg, P.night, 0.72), mix(bg, P.night, 0.9), hairs[i % hairs.length] as Hair, mix(bg, P.ivory, 0.55));
  return s.toString();
}

/* ----------------------------------------------------- meditation samples */

function meditationFocus(): string {
  const s = new Svg(800, 600, "mf");
  const rng = createRng(seedFrom("meditation-focus"));
  backdrop(s, nightSky);
  rings(s, 400, 300, 50, 38, 7, P.amber, 0.35, 1.2);
  bokeh(s, rng, 12, { x: 0, y: 0, w: 800, h: 600 }, [P.amber, P.gold], 4, 18, 0.05, 0.18);
  candle(s, 400, 470, 120, 50);
  vignette(s, 0.8);
  return s.toString();
}

function meditationRelaxation(): string {
  const s = new Svg(800, 600, "mr");
  const rng = createRng(seedFrom("meditation-relaxation"));
  backdrop(s, [
    [0, P.night],
    [0.7, mix(P.umber, P.sage, 0.25)],
    [1, mix(P.sage, P.night, 0.5)],
  ]);
  glow(s, 400, 360, 380, P.sage, 0.3);
  for (let layer = 0; layer < 4; layer++) {
    waves(s, rng, {
      y: 220 + layer * 90,
      amp: 22 - layer * 3,
      count: 7,
      color: layer % 2 ? P.sage : P.ivory,
      spread: 6,
      opacity: 0.22 + layer * 0.06,
      width: 1.2,
      segments: 3,
    });
  }
  bokeh(s, rng, 10, { x: 0, y: 60, w: 800, h: 200 }, [P.sage, P.ivory], 6, 22, 0.06, 0.2);
  vignette(s, 0.6);
  return s.toString();
}

function meditationEnergy(): string {
  const s = new Svg(800, 600, "me");
  const rng = createRng(seedFrom("meditation-energy"));
  backdrop(s, [
    [0, P.night],
    [0.6, P.ember],
    [1, mix(P.gold, P.ember, 0.4)],
  ]);
  glow(s, 400, 640, 520, P.amber, 0.6);
  let rays = "";
  for (let i = 0; i < 15; i++) {
    const a = Math.PI * (0.1 + (0.8 * i) / 14);
    rays += `M${n(400 + Math.cos(a) * 140)} ${n(640 - Math.sin(a) * 140)}L${n(400 + Math.cos(a) * 760)} ${n(640 - Math.sin(a) * 760)}`;
  }
  s.add(el("path", { d: rays, stroke: P.amber, "stroke-width": 2, opacity: 0.25 }));
  s.add(el("circle", { cx: 400, cy: 640, r: 130, fill: s.radial([[0, P.ivory], [0.7, P.amber], [1, P.gold, 0.2]]) }));
  bokeh(s, rng, 22, { x: 80, y: 40, w: 640, h: 420 }, [P.amber, P.ivory, P.gold], 3, 14, 0.2, 0.6);
  vignette(s, 0.5);
  return s.toString();
}

function meditationHealing(): string {
  const s = new Svg(800, 600, "mh");
  const rng = createRng(seedFrom("meditation-healing"));
  backdrop(s, [
    [0, mix(P.night, P.rose, 0.1)],
    [1, mix(P.umber, P.rose, 0.3)],
  ]);
  glow(s, 400, 330, 360, P.rose, 0.4);
  bokeh(s, rng, 14, { x: 0, y: 0, w: 800, h: 600 }, [P.rose, P.ivory, P.amber], 5, 24, 0.06, 0.22);
  waves(s, rng, { y: 430, amp: 16, count: 6, color: P.rose, spread: 8, opacity: 0.4, segments: 3 });
  lotus(s, 400, 420, 190, P.rose);
  glow(s, 400, 380, 60, P.ivory, 0.45);
  vignette(s, 0.6);
  return s.toString();
}

function meditationSleep(): string {
  const s = new Svg(800, 600, "ml");
  const rng = createRng(seedFrom("meditation-sleep"));
  const top = mix(P.night, "#1b1a24", 0.6);
  backdrop(s, [
    [0, top],
    [1, mix(P.umber, P.rose, 0.12)],
  ]);
  stars(s, rng, 60, { x: 0, y: 0, w: 800, h: 420 });
  moon(s, 560, 190, 70, true);
  waves(s, rng, { y: 480, amp: 14, count: 8, color: P.rose, spread: 9, opacity: 0.35, segments: 3 });
  ridge(s, [[-10, 520], [250, 500], [560, 530], [810, 510]], P.night, 0.9);
  vignette(s, 0.5);
  return s.toString();
}

function meditationCreativity(): string {
  const s = new Svg(800, 600, "mc");
  const rng = createRng(seedFrom("meditation-creativity"));
  backdrop(s, nightSky);
  const colors = [P.amber, P.rose, P.sage, P.gold, P.ivory];
  for (let i = 0; i < 7; i++) glow(s, range(rng, 150, 650), range(rng, 150, 450), range(rng, 120, 220), colors[i % colors.length] as string, 0.3);
  for (let i = 0; i < 5; i++) {
    const y0 = range(rng, 150, 450);
    const y1 = range(rng, 100, 500);
    s.add(
      el("path", {
        d: `M-20 ${n(y0)}C200 ${n(y1)} 300 ${n(600 - y0)} 420 ${n(300)}S650 ${n(y1)} 820 ${n(600 - y1)}`,
        fill: "none",
        stroke: colors[i] as string,
        "stroke-width": range(rng, 2, 6),
        opacity: 0.5,
        "stroke-linecap": "round",
      }),
    );
  }
  bokeh(s, rng, 16, { x: 0, y: 0, w: 800, h: 600 }, colors, 4, 20, 0.1, 0.35);
  vignette(s, 0.5);
  return s.toString();
}

/* ------------------------------------------------------------- events */

function eventCandlelight(): string {
  const s = new Svg(800, 600, "ec");
  const rng = createRng(seedFrom("event-candlelight"));
  backdrop(s, nightSky);
  glow(s, 400, 380, 420, P.amber, 0.25);
  bokeh(s, rng, 20, { x: 0, y: 0, w: 800, h: 300 }, warmBokeh, 8, 32, 0.06, 0.25);
  floorGlow(s, 470, P.ember, 0.7);
  candleCluster(s, rng, 260, 480, 300, 5, 40);
  candleCluster(s, rng, 560, 500, 320, 5, 44);
  candleCluster(s, rng, 400, 580, 520, 6, 52);
  vignette(s, 0.7);
  return s.toString();
}

function eventSunset(): string {
  const s = new Svg(800, 600, "es");
  const rng = createRng(seedFrom("event-sunset"));
  backdrop(s, [
    [0, mix(P.night, P.ember, 0.5)],
    [0.45, mix(P.rose, P.ember, 0.3)],
    [0.7, P.amber],
  ]);
  glow(s, 300, 400, 360, P.amber, 0.55);
  s.add(el("circle", { cx: 300, cy: 400, r: 40, fill: "#fbe6bf" }));
  s.add(el("rect", { y: 400, width: 800, height: 200, fill: s.linear([[0, mix(P.rose, P.ember, 0.4)], [1, P.umber]]) }));
  waves(s, rng, { y: 430, amp: 3, count: 5, color: P.amber, spread: 14, opacity: 0.5, segments: 6 });
  ridge(s, [[-10, 480], [260, 470], [520, 500], [810, 455]], mix(P.night, P.ember, 0.3));
  grandPiano(s, 470, 300, 0.42, P.night);
  for (const x of [160, 250, 340]) seatedFigure(s, x, 460, 0.25, P.night);
  bokeh(s, rng, 8, { x: 0, y: 40, w: 800, h: 200 }, [P.ivory, P.amber], 3, 9, 0.1, 0.3);
  vignette(s, 0.45);
  return s.toString();
}

function eventLivingRoom(): string {
  const s = new Svg(800, 600, "el");
  const rng = createRng(seedFrom("event-living-room"));
  backdrop(s, [[0, P.umber], [1, P.night]]);
  // window with dusk sky
  s.add(el("rect", { x: 80, y: 80, width: 220, height: 260, rx: 4, fill: s.linear([[0, mix(P.ember, P.rose, 0.4)], [1, mix(P.rose, P.amber, 0.6)]]) }));
  s.add(el("path", { d: "M190 80V340M80 210H300", stroke: P.umber, "stroke-width": 8 }));
  s.add(el("rect", { x: 80, y: 80, width: 220, height: 260, rx: 4, fill: "none", stroke: P.ember, "stroke-width": 10 }));
  // floor lamp
  glow(s, 640, 170, 260, P.amber, 0.35);
  s.add(el("path", { d: "M600 200L620 140H660L680 200Z", fill: P.amber, opacity: 0.85 }));
  s.add(el("path", { d: "M638 200V470M612 470H666", stroke: P.ember, "stroke-width": 5 }));
  floorGlow(s, 460, P.ember, 0.6);
  s.add(el("ellipse", { cx: 400, cy: 530, rx: 330, ry: 50, fill: P.rose, opacity: 0.18 }));
  grandPiano(s, 300, 300, 0.6, mix(P.night, P.umber, 0.3), P.gold);
  // sofa
  s.add(el("path", { d: "M20 430h200q20 0 20 20v70h-240v-70q0-20 20-20Z", fill: mix(P.night, P.ember, 0.4) }));
  candleCluster(s, rng, 560, 540, 120, 3, 30);
  bokeh(s, rng, 8, { x: 300, y: 40, w: 500, h: 200 }, warmBokeh, 6, 20, 0.05, 0.15);
  vignette(s, 0.6);
  return s.toString();
}

function eventRetreat(): string {
  const s = new Svg(800, 600, "er");
  const rng = createRng(seedFrom("event-retreat"));
  backdrop(s, [[0, mix(P.night, "#1b1a24", 0.5)], [0.7, mix(P.ember, P.rose, 0.3)], [1, P.amber]]);
  stars(s, rng, 40, { x: 0, y: 0, w: 800, h: 250 });
  glow(s, 500, 430, 380, P.amber, 0.3);
  ridge(s, [[-10, 380], [200, 320], [420, 370], [620, 300], [810, 350]], mix(P.ember, P.rose, 0.25), 0.9);
  ridge(s, [[-10, 450], [260, 410], [520, 440], [810, 400]], mix(P.night, P.ember, 0.55));
  for (let i = 0; i < 9; i++) pine(s, 30 + i * 92 + range(rng, -20, 20), 470 + range(rng, -10, 10), range(rng, 70, 120), mix(P.night, P.ember, 0.2));
  // cabin with glowing windows
  glow(s, 420, 470, 140, P.amber, 0.45);
  s.add(el("path", { d: "M340 520V460L420 410L500 460V520Z", fill: P.night }));
  s.add(el("path", { d: "M370 470h24v22h-24ZM446 470h24v22h-24Z", fill: P.amber }));
  ridge(s, [[-10, 530], [300, 520], [600, 540], [810, 520]], P.night);
  vignette(s, 0.5);
  return s.toString();
}

function eventYoga(): string {
  const s = new Svg(800, 600, "ey");
  const rng = createRng(seedFrom("event-yoga"));
  backdrop(s, nightSky);
  glow(s, 400, 300, 380, P.amber, 0.2);
  bokeh(s, rng, 14, { x: 0, y: 0, w: 800, h: 220 }, warmBokeh, 6, 24, 0.06, 0.22);
  floorGlow(s, 300, P.ember, 0.6);
  const mats = [
    [120, 360, 0.7],
    [400, 360, 0.7],
    [680, 360, 0.7],
    [200, 470, 1],
    [600, 470, 1],
  ] as const;
  for (const [x, y, sc] of mats) {
    s.add(el("path", { d: `M${x - 70 * sc} ${y + 60 * sc}L${x - 50 * sc} ${y - 20 * sc}H${x + 50 * sc}L${x + 70 * sc} ${y + 60 * sc}Z`, fill: mix(sc < 1 ? P.rose : P.sage, P.night, 0.5) }));
    seatedFigure(s, x - 100 * sc * 0.8, y - 170 * sc * 0.8 + 10, 0.8 * sc, mix(P.night, P.umber, 0.4));
  }
  for (const x of [260, 400, 540]) candle(s, x, 420 + (x === 400 ? 120 : 0), 40, 18);
  vignette(s, 0.6);
  return s.toString();
}

function eventBreathwork(): string {
  const s = new Svg(800, 600, "eb");
  const rng = createRng(seedFrom("event-breathwork"));
  backdrop(s, [[0, P.night], [1, mix(P.umber, P.sage, 0.2)]]);
  glow(s, 400, 330, 320, P.sage, 0.35);
  rings(s, 400, 340, 120, 32, 8, P.sage, 0.5, 1.5);
  rings(s, 400, 340, 136, 32, 7, P.rose, 0.25, 1);
  bokeh(s, rng, 10, { x: 0, y: 0, w: 800, h: 600 }, [P.sage, P.ivory], 4, 16, 0.06, 0.2);
  glow(s, 400, 330, 140, P.ivory, 0.18);
  seatedFigure(s, 330, 290, 0.7, mix(P.night, P.umber, 0.4));
  vignette(s, 0.6);
  return s.toString();
}

function eventGarden(): string {
  const s = new Svg(800, 600, "eg");
  const rng = createRng(seedFrom("event-garden"));
  backdrop(s, [[0, mix(P.night, P.sage, 0.12)], [1, mix(P.umber, P.sage, 0.25)]]);
  glow(s, 400, 420, 380, P.amber, 0.25);
  stringLights(s, -10, 60, 420, 80, 60, 9);
  stringLights(s, 380, 80, 810, 50, 55, 9);
  floorGlow(s, 480, mix(P.sage, P.night, 0.5), 0.6);
  grandPiano(s, 260, 310, 0.5, mix(P.night, P.umber, 0.3), P.gold);
  // framing leaves
  const leaf = (x: number, y: number, len: number, angle: number, color: string) =>
    s.add(
      el("path", {
        d: `M0 0C${n(len * 0.3)} ${n(-len * 0.22)} ${n(len * 0.75)} ${n(-len * 0.2)} ${n(len)} 0C${n(len * 0.75)} ${n(len * 0.2)} ${n(len * 0.3)} ${n(len * 0.22)} 0 0Z`,
        fill: color,
        transform: `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`,
      }),
    );
  for (let i = 0; i < 12; i++) {
    const left = i < 6;
    leaf(left ? -10 : 810, 600 - (i % 6) * 45 - range(rng, 0, 20), range(rng, 110, 170), left ? -10 - (i % 6) * 12 : 190 + (i % 6) * 12, mix(P.night, P.sage, range(rng, 0.15, 0.35)));
  }
  candleCluster(s, rng, 400, 560, 200, 4, 30);
  vignette(s, 0.5);
  return s.toString();
}

function eventBeach(): string {
  const s = new Svg(800, 600, "eh");
  const rng = createRng(seedFrom("event-beach"));
  backdrop(s, [[0, mix(P.night, P.ember, 0.3)], [0.5, mix(P.rose, P.ember, 0.35)], [0.62, mix(P.amber, P.rose, 0.3)]]);
  glow(s, 520, 360, 320, P.amber, 0.45);
  s.add(el("rect", { y: 360, width: 800, height: 100, fill: s.linear([[0, mix(P.rose, P.ember, 0.3)], [1, P.ember]]) }));
  waves(s, rng, { y: 390, amp: 4, count: 4, color: P.ivory, spread: 16, opacity: 0.35, segments: 6 });
  // sand
  s.add(el("path", { d: "M-10 460C200 440 500 450 810 470V610H-10Z", fill: mix(P.ember, P.gold, 0.25) }));
  s.add(el("path", { d: "M-10 500C250 480 520 500 810 520V610H-10Z", fill: mix(P.umber, P.ember, 0.6) }));
  palm(s, 110, 520, 330, 40, P.night);
  palm(s, 700, 500, 260, -30, P.night);
  for (const [x, h] of [[300, 40], [380, 30], [460, 46], [540, 34]] as const) lantern(s, x, 540, h);
  bokeh(s, rng, 8, { x: 0, y: 40, w: 800, h: 200 }, [P.ivory, P.amber], 3, 8, 0.1, 0.3);
  vignette(s, 0.45);
  return s.toString();
}

function eventFullMoon(): string {
  const s = new Svg(800, 600, "em");
  const rng = createRng(seedFrom("event-full-moon"));
  const sky = mix(P.night, "#1b1a24", 0.6);
  backdrop(s, [[0, sky], [0.62, mix(P.umber, P.rose, 0.2)]]);
  stars(s, rng, 50, { x: 0, y: 0, w: 800, h: 300 });
  moon(s, 400, 220, 80, false);
  s.add(el("rect", { y: 380, width: 800, height: 220, fill: s.linear([[0, mix(P.umber, P.rose, 0.2)], [1, P.night]]) }));
  let path = "";
  for (let i = 0; i < 18; i++) {
    const y = 388 + i * 10;
    const w = range(rng, 30, 80) * (1 + i * 0.06);
    path += `M${n(400 - w / 2 + range(rng, -12, 12))} ${y}h${n(w)}`;
  }
  s.add(el("path", { d: path, stroke: P.ivory, "stroke-width": 2, "stroke-linecap": "round", opacity: 0.45 }));
  ridge(s, [[-10, 520], [240, 500], [520, 530], [810, 505]], P.night);
  for (const x of [120, 210, 560, 650]) seatedFigure(s, x, 455, 0.3, P.night);
  vignette(s, 0.5);
  return s.toString();
}

function eventWorkshop(): string {
  const s = new Svg(800, 600, "ew");
  const rng = createRng(seedFrom("event-workshop"));
  backdrop(s, nightSky);
  glow(s, 560, 260, 340, P.amber, 0.28);
  bokeh(s, rng, 14, { x: 0, y: 0, w: 800, h: 260 }, warmBokeh, 6, 26, 0.06, 0.22);
  // staff-like flowing lines, no notation
  waves(s, rng, { y: 170, amp: 24, count: 5, color: P.ivory, spread: 14, opacity: 0.35, segments: 4 });
  // keyboard in perspective
  pianoKeys(s, 0, 0, 1400, 170, 300, { transform: "matrix(0.85 0 -0.55 1 300 380)" });
  s.add(el("rect", { y: 360, width: 800, height: 240, fill: s.linear([[0, P.night, 0.1], [1, P.night, 0.85]]) }));
  s.add(el("rect", { x: -20, y: 350, width: 840, height: 30, fill: mix(P.night, P.umber, 0.6) }));
  candle(s, 660, 350, 70, 26);
  candle(s, 710, 350, 46, 22);
  vignette(s, 0.6);
  return s.toString();
}

export const images: Record<string, () => string> = {
  "hero.svg": hero,
  "candlelight-yoga.svg": candlelightYoga,
  "community.svg": community,
  "mt-soledad.svg": mtSoledad,
  "founder.svg": founder,
  "about-mission.svg": aboutMission,
  "launch-platform.svg": launchPlatform,
  "team-elena.svg": () => teamPortrait("elena"),
  "team-marcus.svg": () => teamPortrait("marcus"),
  "team-priya.svg": () => teamPortrait("priya"),
  "meditation-focus.svg": meditationFocus,
  "meditation-relaxation.svg": meditationRelaxation,
  "meditation-energy.svg": meditationEnergy,
  "meditation-healing.svg": meditationHealing,
  "meditation-sleep.svg": meditationSleep,
  "meditation-creativity.svg": meditationCreativity,
  "event-candlelight.svg": eventCandlelight,
  "event-sunset.svg": eventSunset,
  "event-living-room.svg": eventLivingRoom,
  "event-retreat.svg": eventRetreat,
  "event-yoga.svg": eventYoga,
  "event-breathwork.svg": eventBreathwork,
  "event-garden.svg": eventGarden,
  "event-beach.svg": eventBeach,
  "event-full-moon.svg": eventFullMoon,
  "event-workshop.svg": eventWorkshop,
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((i) => [`avatar-${i}.svg`, () => avatar(i - 1)])),
};

/** Checks an SVG is parseable, sized as declared and small; throws otherwise. */
export async function checkSvg(name: string, svg: string): Promise<void> {
  const w = /^<svg[^>]* width="(\d+)"/.exec(svg)?.[1];
  const h = /^<svg[^>]* height="(\d+)"/.exec(svg)?.[1];
  const vb = /^<svg[^>]* viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  if (!w || !h || !vb) throw new Error(`${name}: missing width, height or viewBox`);
  if (/\brole=/.test(svg)) throw new Error(`${name}: must not carry a role attribute`);
  // librsvg is a strict XML parser: rendering proves the markup is well formed
  const meta = await sharp(Buffer.from(svg)).metadata();
  if (String(meta.width) !== w || String(meta.height) !== h) throw new Error(`${name}: renders at ${meta.width}x${meta.height}, declared ${w}x${h}`);
  if (svg.length > 15 * 1024) console.warn(`  warning: ${name} is ${(svg.length / 1024).toFixed(1)} KB (aim < 15 KB)`);
}

/** Writes every illustration; returns the paths written. */
export async function generateImages(outDir: string): Promise<string[]> {
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const [name, draw] of Object.entries(images)) {
    const file = path.join(outDir, name);
    const svg = draw();
    await checkSvg(name, svg);
    await writeFile(file, svg);
    written.push(file);
  }
  return written;
}
