/**
 * Entry of the server build: React Router bundles this file with every route, so the HTTP app,
 * the routes and the domain modules share one module graph (one database, one worker).
 * server/main.js loads it, starts the runtime, then listens.
 */
import type { ServerBuild } from "react-router";
import { createApp } from "./create-app";
import { getEnv } from "~/lib/env.server";

export { startRuntime, stopRuntime } from "./runtime";
export { getEnv, InvalidEnvironmentError } from "~/lib/env.server";
export { DataDirectoryInUseError } from "~/lib/db.server";
export { handleUnhandledRejection } from "./database-rejections";
export { DatabaseUnreachableError } from "~/lib/wait-for-database.server";

export function createServerApp() {
  const env = getEnv();
  return createApp({
    mode: env.NODE_ENV === "development" ? "development" : "production",
    trustedProxyHops: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    getBuild: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    metricsToken: env.METRICS_TOKEN,
  });
}
