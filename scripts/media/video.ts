/**
 * The ambient background loop: warm candle-glow bokeh drifting slowly on a dark ground.
 * Every moving quantity is a sum of sinusoids with a whole number of cycles per 12 s, so
 * frame 288 equals frame 0 and the loop is seamless. Frames are SVGs rendered by sharp and
 * piped as raw RGB into ffmpeg, which encodes VP9/WebM (two-pass) and H.264/MP4
 * (+faststart). The poster is frame 0 as a JPEG.
 */
import { spawn } from "node:child_process";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createRng, n, palette as P, range, seedFrom } from "./palette";
import { el, Svg } from "./svg";

export const VIDEO = { width: 960, height: 540, fps: 24, seconds: 12 } as const;
const FRAMES = VIDEO.fps * VIDEO.seconds;
const MAX_BYTES = 900 * 1024;
const TAU = Math.PI * 2;

interface Orb {
  x: number;
  y: number;
  r: number;
  ax: number;
  ay: number;
  kx: number;
  ky: number;
  px: number;
  py: number;
  op: number;
  flick: number;
  kf: number;
  pf: number;
  color: string;
  soft: boolean;
}

function makeOrbs(): Orb[] {
  const rng = createRng(seedFrom("ambient-video"));
  const colors = [P.amber, P.gold, P.amber, P.rose, "#f3d9a8", P.gold];
  const orbs: Orb[] = [];
  // large, very soft washes of light
  for (let i = 0; i < 5; i++) {
    orbs.push({
      x: range(rng, 120, 840),
      y: range(rng, 140, 460),
      r: range(rng, 220, 360),
      ax: range(rng, 30, 70),
      ay: range(rng, 20, 40),
      kx: 1,
      ky: 1,
      px: rng() * TAU,
      py: rng() * TAU,
      op: range(rng, 0.12, 0.22),
      flick: 0.15,
      kf: 1 + (i % 2),
      pf: rng() * TAU,
      color: [P.amber, P.rose, P.gold, P.amber, P.ember][i] as string,
      soft: true,
    });
  }
  // out-of-focus bokeh discs
  for (let i = 0; i < 26; i++) {
    orbs.push({
      x: range(rng, -20, 980),
      y: range(rng, -20, 560),
      r: range(rng, 10, 48),
      ax: range(rng, 15, 55),
      ay: range(rng, 10, 35),
      kx: 1,
      ky: rng() < 0.5 ? 1 : 2,
      px: rng() * TAU,
      py: rng() * TAU,
      op: range(rng, 0.08, 0.3),
      flick: range(rng, 0.15, 0.4),
      kf: 1 + Math.floor(rng() * 3),
      pf: rng() * TAU,
      color: colors[i % colors.length] as string,
      soft: false,
    });
  }
  return orbs;
}

const ORBS = makeOrbs();

/** The frame at time t seconds (periodic with period VIDEO.seconds). */
export function frameSvg(t: number): string {
  const { width: W, height: H, seconds: T } = VIDEO;
  const s = new Svg(W, H, "v");
  const ph = (TAU * t) / T;
  s.add(
    el("rect", {
      width: W,
      height: H,
      fill: s.linear([
        [0, P.night],
        [0.7, P.umber],
        [1, "#2a1e15"],
      ]),
    }),
  );
  // a candle-like flicker built from whole-cycle harmonics
  const flicker = 1 + 0.05 * Math.sin(ph * 5 + 0.3) + 0.035 * Math.sin(ph * 11 + 1.7) + 0.025 * Math.sin(ph * 17 + 4.1);
  const main = s.radial([
    [0, P.amber, 0.5],
    [0.35, P.gold, 0.2],
    [1, P.gold, 0],
  ]);
  s.add(el("ellipse", { cx: 480 + 20 * Math.sin(ph), cy: 560, rx: 560, ry: 330, fill: main, opacity: n(0.8 * flicker, 3) }));
  for (const o of ORBS) {
    const x = o.x + o.ax * Math.sin(ph * o.kx + o.px);
    const y = o.y + o.ay * Math.cos(ph * o.ky + o.py);
    const op = o.op * (1 + o.flick * Math.sin(ph * o.kf + o.pf));
    const fill = o.soft
      ? s.radial([
          [0, o.color, 1],
          [0.4, o.color, 0.45],
          [1, o.color, 0],
        ])
      : s.radial([
          [0, o.color, 0.5],
          [0.72, o.color, 0.7],
          [0.9, o.color, 0.85],
          [1, o.color, 0],
        ]);
    s.add(el("circle", { cx: n(x, 2), cy: n(y, 2), r: o.r, fill, opacity: n(op, 4) }));
  }
  s.add(
    el("rect", {
      width: W,
      height: H,
      fill: s.radial(
        [
          [0.5, P.night, 0],
          [1, P.night, 0.75],
        ],
        0.5,
        0.5,
        0.75,
      ),
    }),
  );
  return s.toString();
}

function run(cmd: string, args: string[], input?: (stdin: NodeJS.WritableStream) => Promise<void>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: [input ? "pipe" : "ignore", "ignore", "pipe"] });
    let err = "";
    child.stderr?.on("data", (d: Buffer) => {
      err = (err + d.toString()).slice(-4000);
    });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited with ${code}\n${err}`))));
    if (input && child.stdin) {
      const stdin = child.stdin;
      input(stdin).then(
        () => stdin.end(),
        (e: unknown) => {
          child.kill();
          reject(e instanceof Error ? e : new Error(String(e)));
        },
      );
    }
  });
}

function write(stream: NodeJS.WritableStream, chunk: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = stream.write(chunk, (e) => (e ? reject(e) : undefined));
    if (ok) resolve();
    else stream.once("drain", () => resolve());
  });
}

/**
 * Frames are rasterised at half size (the picture is all soft light, so nothing is lost) and
 * scaled up by ffmpeg; this quarters the rendering time and softens the bokeh edges further.
 */
const RENDER_SCALE = 0.5;

async function renderFrame(i: number): Promise<Buffer> {
  const svg = frameSvg(i / VIDEO.fps).replace(
    `width="${VIDEO.width}" height="${VIDEO.height}"`,
    `width="${VIDEO.width * RENDER_SCALE}" height="${VIDEO.height * RENDER_SCALE}"`,
  );
  return sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
}

const bitexact = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"];

/** Renders the loop; returns the files written. */
export async function generateVideo(videoDir: string, tmpDir: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  let t = performance.now();
  const lap = (what: string) => {
    log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  await mkdir(videoDir, { recursive: true });
  await mkdir(tmpDir, { recursive: true });
  const { width: W, height: H, fps } = VIDEO;

  // 1. render all frames once (half size, ~110 MB of raw RGB) and keep them in memory
  const frames: Buffer[] = [];
  const batch = 4;
  for (let i = 0; i < FRAMES; i += batch) {
    const count = Math.min(batch, FRAMES - i);
    frames.push(...(await Promise.all(Array.from({ length: count }, (_, k) => renderFrame(i + k)))));
  }
  lap(`${FRAMES} frames rendered`);
  const input = [
    "-f", "rawvideo", "-pix_fmt", "rgb24", "-s", `${W * RENDER_SCALE}x${H * RENDER_SCALE}`, "-r", String(fps), "-i", "-",
    "-vf", `scale=${W}:${H}:flags=bicubic,format=yuv420p`, "-an",
  ];
  const feed = async (stdin: NodeJS.WritableStream) => {
    for (const f of frames) await write(stdin, f);
  };

  // 2. poster = frame 0
  const poster = path.join(videoDir, "ambient-poster.jpg");
  let quality = 80;
  let posterJpg: Buffer;
  do {
    posterJpg = await sharp(frames[0] as Buffer, { raw: { width: W * RENDER_SCALE, height: H * RENDER_SCALE, channels: 3 } })
      .resize(W, H, { kernel: "cubic" })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    quality -= 5;
  } while (posterJpg.length > 58 * 1024 && quality > 30);
  await writeFile(poster, posterJpg);
  // What the pages show (and the home page preloads as its largest paint): the same frame as WebP,
  // about a third smaller. The JPEG stays for anything that cannot take WebP.
  const posterWebp = await sharp(frames[0] as Buffer, { raw: { width: W * RENDER_SCALE, height: H * RENDER_SCALE, channels: 3 } })
    .resize(W, H, { kernel: "cubic" })
    .webp({ quality: 85, effort: 6 })
    .toBuffer();
  await writeFile(path.join(videoDir, "ambient-poster.webp"), posterWebp);

  // 3. VP9 two-pass, constrained quality; tighten until under the size budget
  const webm = path.join(videoDir, "ambient.webm");
  const passlog = path.join(tmpDir, "vp9-pass");
  for (const [crf, kbps] of [
    [31, 480],
    [36, 360],
    [42, 260],
  ] as const) {
    const vp9 = ["-c:v", "libvpx-vp9", "-crf", String(crf), "-b:v", `${kbps}k`, "-g", String(FRAMES), "-row-mt", "1", "-threads", "2", "-tile-columns", "1", "-deadline", "good", "-cpu-used", "4", "-passlogfile", passlog];
    await run("ffmpeg", ["-y", "-v", "error", ...input, ...vp9, "-pass", "1", "-f", "null", "-"], feed);
    await run("ffmpeg", ["-y", "-v", "error", ...input, ...vp9, "-auto-alt-ref", "1", "-lag-in-frames", "25", "-pass", "2", ...bitexact, webm], feed);
    if ((await stat(webm)).size < MAX_BYTES) break;
  }
  await rm(`${passlog}-0.log`, { force: true });
  lap("VP9 two-pass");

  // 4. H.264 for Safari and older browsers
  const mp4 = path.join(videoDir, "ambient.mp4");
  for (const crf of [23, 26, 29, 32]) {
    await run(
      "ffmpeg",
      [
        "-y", "-v", "error", ...input,
        "-c:v", "libx264", "-preset", "medium", "-crf", String(crf), "-profile:v", "high", "-pix_fmt", "yuv420p",
        "-g", String(fps * 4), "-threads", "2", "-movflags", "+faststart", ...bitexact, mp4,
      ],
      feed,
    );
    if ((await stat(mp4)).size < MAX_BYTES) break;
  }
  lap("H.264");
  return [webm, mp4, poster, path.join(videoDir, "ambient-poster.webp")];
}
