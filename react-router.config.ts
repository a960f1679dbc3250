import type { Config } from "@react-router/dev/config";
import { buildCheckInServiceWorker } from "./scripts/service-worker/build-check-in-service-worker";

export default {
  ssr: true,
  // The door's service worker is built from the finished client build (docs/decisions/068).
  async buildEnd({ viteConfig }) {
    await buildCheckInServiceWorker(viteConfig.root);
  },
} satisfies Config;
