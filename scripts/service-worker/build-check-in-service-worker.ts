import { rmSync } from "node:fs";
import path from "node:path";
import { injectManifest } from "@serwist/build";
import { build } from "esbuild";

/** Where the door's service worker is served from (server/create-app.ts sends it with `no-cache`). */
export const CHECK_IN_SERVICE_WORKER = "check-in-sw.js";

/**
 * Builds the door's service worker (app/components/admin/check-in/offline/service-worker.ts,
 * docs/decisions/068) into build/client/check-in-sw.js, once the client build is written (the
 * `buildEnd` hook in react-router.config.ts, so `npm run build` and `npm start` both make it):
 * esbuild bundles the TypeScript with serwist, then serwist's injectManifest writes into it the
 * list of files to keep on the phone: every built script and style, the scanner's QR reader
 * (WebAssembly, so scanning works with no signal), and the two fonts the pages
 * preload. Their names carry a content hash, so none needs a revision of its own.
 */
export async function buildCheckInServiceWorker(root: string): Promise<{ count: number; size: number }> {
  const clientDir = path.join(root, "build", "client");
  const bundled = path.join(root, "build", "check-in-sw.unmanifested.js");
  await build({
    entryPoints: [path.join(root, "app", "components", "admin", "check-in", "offline", "service-worker.ts")],
    outfile: bundled,
    bundle: true,
    format: "iife",
    platform: "browser",
    // The browsers the site is built for (vite.config.ts's cssTarget); service workers need no older.
    target: ["chrome111", "edge111", "firefox114", "safari16.4"],
    minify: true,
    legalComments: "none",
    // serwist's development logging is dropped with its `process.env.NODE_ENV` checks.
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "warning",
  });
  try {
    const result = await injectManifest({
      swSrc: bundled,
      swDest: path.join(clientDir, CHECK_IN_SERVICE_WORKER),
      globDirectory: clientDir,
      globPatterns: ["assets/*.{js,css,wasm}", "assets/inter-latin-wght-normal-*.woff2", "assets/cormorant-garamond-latin-500-normal-*.woff2"],
      modifyURLPrefix: { "assets/": "/assets/" },
      dontCacheBustURLsMatching: /^\/assets\//,
      // No single script of ours comes near this; one that did would be left out with a warning below.
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    });
    for (const warning of result.warnings) console.warn(`check-in service worker: ${warning}`);
    console.log(`check-in service worker: build/client/${CHECK_IN_SERVICE_WORKER}, precaching ${result.count} files (${(result.size / 1024).toFixed(0)} KiB)`);
    return { count: result.count, size: result.size };
  } finally {
    rmSync(bundled, { force: true });
  }
}
