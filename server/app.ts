/**
 * Entry of the server build: React Router bundles this file with every route, so the HTTP app,
 * the routes and the domain modules share one module graph (one database, one worker).
 * server/main.js loads it, starts the runtime, then listens.
 */
import type { ServerBuild } from "react-router";
import { createApp } from "./create-app";
import type { AppServices } from "./load-context";
import type { Runtime } from "./runtime";
import { STRIPE_CHECKOUT_ORIGIN } from "#app/modules/payments/index.server";

export { beginDraining, RUNTIME_STARTED_CHANNEL, startRuntime, stopRuntime } from "./runtime";
export { getEnv, InvalidEnvironmentError } from "#app/lib/env.server";
export { DataDirectoryInUseError } from "#app/lib/db.server";
export { handleUnhandledRejection } from "./database-rejections";
export { DatabaseUnreachableError } from "#app/lib/wait-for-database.server";

/** The HTTP application of a started runtime: its parts reach every loader and action through the load context. */
export function createServerApp(runtime: Runtime) {
  const { env } = runtime;
  const services: AppServices = {
    db: runtime.database.db,
    env,
    auth: runtime.auth,
    now: () => new Date(),
    wake: runtime.wake,
    campaigns: runtime.campaigns,
    payments: runtime.payments,
    statusSources: runtime,
  };
  return createApp({
    mode: env.NODE_ENV === "development" ? "development" : "production",
    trustedProxyHops: env.TRUST_PROXY,
    publicUrl: env.PUBLIC_URL,
    getBuild: () => import("virtual:react-router/server-build") as Promise<ServerBuild>,
    services: () => services,
    runtime,
    metricsToken: env.METRICS_TOKEN,
    // Stripe's hosted checkout (its stand-in's in the tests, which serves the page at its API address).
    checkoutOrigin: runtime.payments ? (env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : STRIPE_CHECKOUT_ORIGIN) : undefined,
  });
}
