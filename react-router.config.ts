import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { buildCheckInServiceWorker } from "./scripts/service-worker/build-check-in-service-worker";
import { precompressBuiltFiles } from "./scripts/precompress-build";

export default {
  ssr: true,
  async buildEnd({ viteConfig }) {
    // The door's service worker is built from the finished client build (docs/decisions/068).
    await buildCheckInServiceWorker(viteConfig.root);
    // Then every script, style and the worker itself get their compressed copies (docs/decisions/071).
    const compressed = await precompressBuiltFiles(path.join(viteConfig.root, "build", "client"));
    console.log(`precompressed: ${compressed.files} files, ${(compressed.bytes / 1024).toFixed(0)} KiB -> ${(compressed.brotliBytes / 1024).toFixed(0)} KiB with Brotli`);
  },
} satisfies Config;
