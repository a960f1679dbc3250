/**
 * A tiny SVG builder plus the recurring Harmonia motifs: candle glows, bokeh, sound-wave
 * curves, piano keys and a few soft silhouettes. Gradients are deduplicated so each artwork
 * stays small (a few kilobytes) however many glows it draws.
 */
import { mix, n, palette as P, range } from "./palette";

export type Stop = readonly [offset: number, color: string, opacity?: number];
type AttrValue = string | number | undefined;

function attrs(a: Record<string, AttrValue>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n(v, 2) : v}"`)
    .join("");
}

/** Any SVG element: el("circle", { cx: 1, cy: 2, r: 3 }). */
export function el(tag: string, a: Record<string, AttrValue>, children?: string): string {
  return children === undefined ? `<${tag}${attrs(a)}/>` : `<${tag}${attrs(a)}>${children}</${tag}>`;
}

function stopsXml(stops: readonly Stop[]): string {
  return stops
    .map(([o, c, op]) =>
      el("stop", { offset: n(o, 3), "stop-color": c, "stop-opacity": op === undefined || op === 1 ? undefined : n(op, 3) }),
    )
    .join("");
}

export class Svg {
  private readonly defs: string[] = [];
  private readonly body: string[] = [];
  private readonly ids = new Map<string, string>();
  private count = 0;

  constructor(
    readonly width: number,
    readonly height: number,
    /** Prefix for gradient ids, so two drawings inlined in one page never clash. */
    private readonly prefix = "h",
  ) {}

  /** Register a definition once per distinct key; returns its id. */
  defId(key: string, make: (id: string) => string): string {
    const found = this.ids.get(key);
    if (found) return found;
    const id = `${this.prefix}${(this.count++).toString(36)}`;
    this.ids.set(key, id);
    this.defs.push(make(id));
    return id;
  }

  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `L${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`;
    const id = this.defId(key, (i) =>
      el(
        "linearGradient",
        { id: i, x1: x1 === 0 ? undefined : x1, y1: y1 === 0 ? undefined : y1, x2: x2 === 1 ? undefined : x2, y2 },
        stopsXml(stops),
      ),
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx?: number, fy?: number): string {
    const key = `R${cx},${cy},${r},${fx},${fy}|${JSON.stringify(stops)}`;
    const id = this.defId(key, (i) =>
      el(
        "radialGradient",
        {
          id: i,
          cx: cx === 0.5 ? undefined : cx,
          cy: cy === 0.5 ? undefined : cy,
          r: r === 0.5 ? undefined : r,
          fx,
          fy,
        },
        stopsXml(stops),
      ),
    );
    return `url(#${id})`;
  }

  add(...elements: string[]): this {
    this.body.push(...elements);
    return this;
  }

  toString(): string {
    const { width: w, height: h } = this;
    const defs = this.defs.length ? `<defs>${this.defs.join("")}</defs>` : "";
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${this.body.join("")}</svg>\n`;
  }
}

/* ------------------------------------------------------------------ motifs */

/** Full-canvas vertical (or angled) gradient background. */
export function backdrop(s: Svg, stops: readonly Stop[], x2 = 0, y2 = 1): void {
  s.add(el("rect", { width: s.width, height: s.height, fill: s.linear(stops, 0, 0, x2, y2) }));
}

/** A soft radial light: bright centre fading to nothing at radius r. */
export function glow(s: Svg, cx: number, cy: number, r: number, color: string, opacity = 1, ry?: number): void {
  const fill = s.radial([
    [0, color, 1],
    [0.25, color, 0.55],
    [0.6, color, 0.14],
    [1, color, 0],
  ]);
  const common = { fill, opacity: opacity === 1 ? undefined : n(opacity, 3) };
  if (ry === undefined) s.add(el("circle", { cx, cy, r, ...common }));
  else s.add(el("ellipse", { cx, cy, rx: r, ry, ...common }));
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Out-of-focus candle bokeh: soft discs with a slightly brighter rim. */
export function bokeh(
  s: Svg,
  rng: () => number,
  count: number,
  box: Box,
  colors: readonly string[],
  rMin: number,
  rMax: number,
  opMin = 0.12,
  opMax = 0.4,
): void {
  for (let i = 0; i < count; i++) {
    const color = colors[i % colors.length] as string;
    const fill = s.radial([
      [0, color, 0.55],
      [0.78, color, 0.75],
      [0.92, color, 0.9],
      [1, color, 0],
    ]);
    s.add(
      el("circle", {
        cx: range(rng, box.x, box.x + box.w),
        cy: range(rng, box.y, box.y + box.h),
        r: range(rng, rMin, rMax),
        fill,
        opacity: n(range(rng, opMin, opMax), 2),
      }),
    );
  }
}

/** Registers the unit flame (wick tip at 0,0, 100 tall) once and returns its id. */
function flameSymbol(s: Svg): string {
  return s.defId("flame", (id) => {
    const fill = s.radial(
      [
        [0, "#fffaf0"],
        [0.3, "#fff1d2"],
        [0.66, P.amber],
        [1, P.gold, 0.15],
      ],
      0.5,
      0.72,
      0.62,
    );
    return el("path", {
      id,
      d: "M0-100C12-66 36-36 27-10C19 7-19 7-27-10C-36-36-12-66 0-100Z",
      fill,
    });
  });
}

/** A teardrop candle flame with its halo; (x, y) is the wick tip, size is flame height. */
export function flame(s: Svg, x: number, y: number, size: number, halo = 1): void {
  if (halo > 0) {
    glow(s, x, y - size * 0.45, size * 5.5, P.amber, 0.34 * halo);
    glow(s, x, y - size * 0.45, size * 1.5, "#fff1d2", 0.4 * halo);
  }
  const id = flameSymbol(s);
  s.add(el("use", { href: `#${id}`, transform: `translate(${n(x)} ${n(y)}) scale(${n(size / 100, 3)})` }));
}

/** A pillar candle standing on baseY, with melted top, wick and flame. */
export function candle(s: Svg, x: number, baseY: number, h: number, w: number, lit = true): void {
  const top = baseY - h;
  const body = s.linear(
    [
      [0, mix(P.gold, P.night, 0.55)],
      [0.38, mix(P.ivory, P.amber, 0.45)],
      [0.62, mix(P.ivory, P.gold, 0.5)],
      [1, mix(P.gold, P.night, 0.7)],
    ],
    0,
    0,
    1,
    0,
  );
  const light = s.linear([
    [0, "#fff1d2", 0.65],
    [1, P.amber, 0],
  ]);
  s.add(el("rect", { x: x - w / 2, y: top, width: w, height: h, rx: w * 0.06, fill: body }));
  s.add(el("rect", { x: x - w / 2, y: top, width: w, height: Math.min(h, w * 1.2), fill: light }));
  const topId = s.defId("candletop", (id) =>
    el(
      "g",
      { id },
      el("ellipse", { rx: 50, ry: 12, fill: mix(P.ivory, P.amber, 0.5) }) +
        el("ellipse", { cy: 2, rx: 34, ry: 7, fill: mix(P.ivory, P.gold, 0.75) }) +
        el("rect", { x: -3, y: -16, width: 6, height: 17, fill: P.night }),
    ),
  );
  s.add(el("use", { href: `#${topId}`, transform: `translate(${n(x)} ${n(top)}) scale(${n(w / 100, 3)})` }));
  if (lit) flame(s, x, top - w * 0.12, w * 1.05);
}

/** Gentle sound-wave curves across a band of the canvas. */
export function waves(
  s: Svg,
  rng: () => number,
  opts: {
    y: number;
    amp: number;
    count: number;
    color: string;
    spread: number;
    width?: number;
    opacity?: number;
    x0?: number;
    x1?: number;
    segments?: number;
  },
): void {
  const x0 = opts.x0 ?? -20;
  const x1 = opts.x1 ?? s.width + 20;
  const seg = opts.segments ?? 4;
  for (let i = 0; i < opts.count; i++) {
    const phase = rng() * Math.PI * 2;
    const amp = opts.amp * (0.55 + 0.45 * Math.sin((i / Math.max(1, opts.count - 1)) * Math.PI));
    const yBase = opts.y + (i - (opts.count - 1) / 2) * opts.spread;
    const step = (x1 - x0) / seg;
    const yAt = (k: number) => yBase + Math.sin(phase + k * Math.PI * 0.9) * amp;
    let d = `M${n(x0)} ${n(yAt(0))}`;
    for (let k = 1; k <= seg; k++) {
      const xa = x0 + step * (k - 1);
      const xb = x0 + step * k;
      d += `C${n(xa + step * 0.45)} ${n(yAt(k - 1))} ${n(xb - step * 0.45)} ${n(yAt(k))} ${n(xb)} ${n(yAt(k))}`;
    }
    const fade = 0.35 + 0.65 * Math.sin(((i + 0.5) / opts.count) * Math.PI);
    s.add(
      el("path", {
        d,
        fill: "none",
        stroke: opts.color,
        "stroke-width": opts.width ?? 1.5,
        "stroke-linecap": "round",
        opacity: n((opts.opacity ?? 0.5) * fade, 2),
      }),
    );
  }
}

/** A run of piano keys drawn with a one-octave pattern; keys are h tall, octave is ow wide. */
export function pianoKeys(
  s: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  ow: number,
  opts: { white?: string; black?: string; gap?: string; transform?: string; opacity?: number } = {},
): void {
  const white = opts.white ?? P.ivory;
  const black = opts.black ?? P.night;
  const kw = ow / 7;
  const id = s.defId(`keys${ow},${h},${white},${black}`, (i) => {
    let inner = el("rect", { width: ow, height: h, fill: opts.gap ?? mix(white, P.night, 0.55) });
    const shade = s.linear([
      [0, white],
      [0.85, mix(white, P.gold, 0.35)],
      [1, mix(white, P.ember, 0.5)],
    ]);
    for (let k = 0; k < 7; k++) inner += el("rect", { x: k * kw + kw * 0.05, width: kw * 0.9, height: h, rx: kw * 0.08, fill: shade });
    for (const k of [1, 2, 4, 5, 6]) inner += el("rect", { x: k * kw - kw * 0.3, width: kw * 0.6, height: h * 0.62, rx: kw * 0.06, fill: black });
    return el("pattern", { id: i, width: ow, height: h, x, y, patternUnits: "userSpaceOnUse" }, inner);
  });
  s.add(
    el("rect", { x, y, width: w, height: h, fill: `url(#${id})`, transform: opts.transform, opacity: opts.opacity }),
  );
}

/** Side view of a grand piano with the lid raised. Local drawing is 600 x 400, floor at y = 400. */
export function grandPiano(s: Svg, x: number, y: number, scale: number, fill: string, rim?: string): void {
  const t = `translate(${n(x)} ${n(y)}) scale(${n(scale, 3)})`;
  // the raised lid, lit faintly from the candles in front
  s.add(
    el("path", {
      d: "M92 168L140 64C250 40 380 26 470 16C530 10 572 30 566 70L548 168Z",
      fill: s.linear(
        [
          [0, mix(fill, P.ember, 0.55)],
          [1, fill],
        ],
        0,
        0,
        1,
        0.4,
      ),
      transform: t,
    }),
  );
  const d =
    // case with rounded tail
    "M58 168H560C580 168 590 180 590 198C590 216 580 230 560 230H70L58 216Z" +
    // keyboard and music desk
    "M14 190H62V214H22Z" +
    "M64 160L84 108L92 110L76 162Z" +
    // front leg, back leg and pedal lyre
    "M76 230H106L100 380L96 396H88L84 380Z" +
    "M506 230H536L530 380L526 396H518L514 380Z" +
    "M196 230H206L204 370H230V384H170V370H198Z";
  s.add(el("path", { d, fill, transform: t }));
  if (rim) {
    // prop stick and a rim light along the lid edge and case
    s.add(
      el("path", {
        d: "M140 64C250 40 380 26 470 16C530 10 572 30 566 70M300 168L330 40M60 169H558",
        fill: "none",
        stroke: rim,
        "stroke-width": 2.5,
        "stroke-linecap": "round",
        opacity: 0.55,
        transform: t,
      }),
    );
  }
}

/** A cross-legged meditating figure. Local drawing 200 x 230 with the seat at y = 230. */
export function seatedFigure(s: Svg, x: number, y: number, scale: number, fill: string, opacity?: number): void {
  const d =
    "M100 8C117 8 128 21 128 38C128 55 117 68 100 68C83 68 72 55 72 38C72 21 83 8 100 8Z" +
    "M88 72H112L114 84C140 88 152 100 156 124L162 170C164 180 172 186 182 188C196 192 200 204 196 216C190 228 170 230 150 230H50C30 230 10 228 4 216C0 204 4 192 18 188C28 186 36 180 38 170L44 124C48 100 60 88 86 84Z";
  s.add(el("path", { d, fill, opacity, transform: `translate(${n(x)} ${n(y)}) scale(${n(scale, 3)})` }));
}

/** Concentric rings, used for breath and focus motifs. */
export function rings(s: Svg, cx: number, cy: number, r0: number, step: number, count: number, color: string, opacity: number, width = 1.5): void {
  for (let i = 0; i < count; i++) {
    s.add(
      el("circle", {
        cx,
        cy,
        r: r0 + i * step,
        fill: "none",
        stroke: color,
        "stroke-width": width,
        opacity: n(opacity * (1 - i / (count + 1)), 2),
      }),
    );
  }
}

/** Small star points (tiny circles) scattered over a box. */
export function stars(s: Svg, rng: () => number, count: number, box: Box, color: string = P.ivory): void {
  let d = "";
  for (let i = 0; i < count; i++) {
    const cx = range(rng, box.x, box.x + box.w);
    const cy = range(rng, box.y, box.y + box.h);
    const r = range(rng, 0.6, 1.7);
    d += `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(r * 2)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-r * 2)} 0`;
  }
  s.add(el("path", { d, fill: color, opacity: 0.7 }));
}

/** A smooth ridge line from left to right edge, closed to the bottom. Points are [x, y]. */
export function ridge(s: Svg, points: readonly (readonly [number, number])[], fill: string, opacity?: number): void {
  const p = points;
  const first = p[0] as readonly [number, number];
  let d = `M${n(first[0])} ${n(s.height + 2)}L${n(first[0])} ${n(first[1])}`;
  for (let i = 1; i < p.length; i++) {
    const a = p[i - 1] as readonly [number, number];
    const b = p[i] as readonly [number, number];
    const mx = (a[0] + b[0]) / 2;
    d += `C${n(mx)} ${n(a[1])} ${n(mx)} ${n(b[1])} ${n(b[0])} ${n(b[1])}`;
  }
  const last = p[p.length - 1] as readonly [number, number];
  d += `L${n(last[0])} ${n(s.height + 2)}Z`;
  s.add(el("path", { d, fill, opacity }));
}

/** A soft vignette darkening the edges. */
export function vignette(s: Svg, strength = 0.7): void {
  s.add(
    el("rect", {
      width: s.width,
      height: s.height,
      fill: s.radial([
        [0.55, P.night, 0],
        [1, P.night, strength],
      ], 0.5, 0.5, 0.75),
    }),
  );
}
