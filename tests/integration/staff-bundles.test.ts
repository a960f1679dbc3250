import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Staff-only libraries stay out of the public pages' JavaScript (STACK.md pitfall 12): in the
 * production build, no script a non-staff page loads (the entry, root, and the page's route module
 * with its imports) contains recharts, nor the door's service worker registration (decision 068).
 * Run after `react-router build`.
 */
const assets = path.resolve(import.meta.dirname, "../../build/client/assets");

interface ManifestEntry {
  module: string;
  imports?: string[];
}

function readManifest(): { entry: ManifestEntry; routes: Record<string, ManifestEntry & { id: string }> } {
  const file = readdirSync(assets).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error("No build: run `npx react-router build` first.");
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
}

const scriptsOf = (entry: ManifestEntry) => [entry.module, ...(entry.imports ?? [])];
const sourceOf = (script: string) => readFileSync(path.join(assets, path.basename(script)), "utf8");
const hasRecharts = (script: string) => sourceOf(script).includes("recharts-surface");
/** The door's service worker: its address (the registration) and serwist's own words (the worker itself). */
const hasDoorWorker = (script: string) => ["/check-in-sw.js", "serwist", "__SW_MANIFEST"].some((word) => sourceOf(script).includes(word));

describe("staff-only code in the browser bundles", () => {
  const manifest = readManifest();
  const routes = Object.values(manifest.routes);

  it("loads recharts on the dashboard", () => {
    const dashboard = manifest.routes["routes/admin/dashboard"];
    expect(dashboard).toBeDefined();
    expect(scriptsOf(dashboard!).some(hasRecharts)).toBe(true);
  });

  it("registers the door's service worker from the check-in page, and from no page outside the staff area", () => {
    const checkIn = manifest.routes["routes/admin/event-check-in"];
    expect(checkIn).toBeDefined();
    expect(scriptsOf(checkIn!).some(hasDoorWorker)).toBe(true);
    const publicScripts = new Set([...scriptsOf(manifest.entry), ...routes.filter((route) => !route.id.startsWith("routes/admin/")).flatMap(scriptsOf)]);
    expect([...publicScripts].filter(hasDoorWorker)).toEqual([]);
    // Nor does any built script hold the worker's code: it is its own file, /check-in-sw.js.
    expect(readdirSync(assets).filter((name) => name.endsWith(".js") && /serwist|__SW_MANIFEST/.test(sourceOf(name)))).toEqual([]);
  });

  it("loads the door scanner and its QR reader only when Scan tickets is pressed, never with a page", () => {
    const files = readdirSync(assets);
    const scanner = files.find((name) => /^door-scanner-.*\.js$/.test(name));
    const wasm = files.filter((name) => name.endsWith(".wasm"));
    expect(scanner, "the scanner's own chunk").toBeDefined();
    expect(wasm, "the QR reader's WebAssembly among the build's assets (served by the site, never a CDN)").toHaveLength(1);
    const isScannerCode = (script: string) => {
      const source = readFileSync(path.join(assets, path.basename(script)), "utf8");
      return path.basename(script) === scanner || source.includes("Camera not available") || source.includes("zxing_reader") || source.includes(wasm[0]!);
    };
    // No page's scripts (public or staff, the check-in page's own included) hold the scanner: it is fetched when asked.
    const pageScripts = new Set([...scriptsOf(manifest.entry), ...routes.flatMap(scriptsOf)]);
    expect([...pageScripts].filter(isScannerCode)).toEqual([]);
    // The check-in page names the chunk to fetch; no public page does.
    const checkIn = manifest.routes["routes/admin/event-check-in"];
    expect(scriptsOf(checkIn!).some((script) => readFileSync(path.join(assets, path.basename(script)), "utf8").includes(scanner!))).toBe(true);
  });

  it("never loads recharts on a page outside the staff area", () => {
    const publicScripts = new Set([...scriptsOf(manifest.entry), ...routes.filter((route) => !route.id.startsWith("routes/admin/")).flatMap(scriptsOf)]);
    expect(publicScripts.size).toBeGreaterThan(10);
    expect([...publicScripts].filter(hasRecharts)).toEqual([]);
  });
});
