/**
 * Generates every media file the site uses, from code alone (no network, no source assets):
 *
 *   npm run media                  # everything
 *   npm run media -- images video  # only some steps: images program og icons video audio
 *
 * Output is deterministic (seeded PRNGs, no clock or Math.random) and overwritten on each
 * run. See scripts/media/README.md.
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setupFonts } from "./fonts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const at = (...p: string[]) => path.join(ROOT, ...p);

const STEPS = ["images", "program", "og", "icons", "video", "audio"] as const;
type Step = (typeof STEPS)[number];

function kb(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

async function main(): Promise<void> {
  const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
  const unknown = requested.filter((a) => !(STEPS as readonly string[]).includes(a));
  if (unknown.length) throw new Error(`unknown step(s): ${unknown.join(", ")}; choose from ${STEPS.join(", ")}`);
  const steps: Step[] = requested.length ? (requested as Step[]) : [...STEPS];

  const started = performance.now();
  const tmp = await mkdtemp(path.join(os.tmpdir(), "harmonia-media-"));
  // must happen before sharp renders any text, hence the dynamic imports below
  const brandFont = setupFonts(ROOT, tmp);
  console.log(brandFont ? "Fonts: Cormorant Garamond (from @fontsource) + system fallbacks" : "Fonts: system serif (Cormorant not found)");

  const written: string[] = [];
  const timings: string[] = [];
  const time = async (name: string, fn: () => Promise<string[]>) => {
    const t = performance.now();
    console.log(`\n> ${name}`);
    written.push(...(await fn()));
    timings.push(`${name} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };

  try {
    if (steps.includes("images")) {
      const { generateImages } = await import("./images");
      await time("images", () => generateImages(at("public/media/images")));
    }
    if (steps.includes("program")) {
      const { generateProgram } = await import("./program");
      await time("program", () => generateProgram(at("public/media/images")));
    }
    if (steps.includes("og")) {
      const { generateOgImage } = await import("./og");
      await time("og", async () => [await generateOgImage(at("public/media"))]);
    }
    if (steps.includes("icons")) {
      const { generateIcons } = await import("./icons");
      await time("icons", () => generateIcons(at("public")));
    }
    if (steps.includes("video")) {
      const { generateVideo } = await import("./video");
      await time("video", () => generateVideo(at("public/media/video"), path.join(tmp, "video"), console.log));
    }
    if (steps.includes("audio")) {
      const { generateAudio } = await import("./audio");
      await time("audio", async () => (await generateAudio(at("media/audio"), path.join(tmp, "audio"), console.log)).map((r) => r.file));
    }
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }

  console.log("\nFiles:");
  let total = 0;
  for (const file of written) {
    const { size } = await stat(file);
    total += size;
    console.log(`  ${kb(size).padStart(10)}  ${path.relative(ROOT, file)}`);
  }
  console.log(`  ${kb(total).padStart(10)}  total (${written.length} files)`);
  console.log(`\nTimings: ${timings.join(", ")}`);
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
