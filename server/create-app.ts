import path from "node:path";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { projectRoot } from "#app/lib/project-root.server";
import type { AppServices } from "./load-context";
import type { AppEnv } from "./app-env";
import { mountAuthRoutes } from "./auth-routes";
import { bodySizeLimits } from "./body-limit";
import { clientAddress, clientRateLimitKey, isLoopbackAddress } from "./client-address";
import { checkHealth, checkReadiness, type HealthSources } from "./health";
import { hostnameOf, isLoopbackHostname, ownHostOnly } from "./host-check";
import { asPublicRequest } from "./public-request";
import { metricsEndpoint } from "./metrics-endpoint";
import { refuseNulInput } from "./nul-input";
import { requestIds } from "./request-id";
import { requestMetrics } from "./request-metrics";
import { routePatternOf } from "./route-pattern";
import { sameOriginWrites, withoutOrigin } from "./same-origin";
import { fileHeaders, isStaffAreaPath, securityHeaders, strictTransportSecurity } from "./security-headers";
import { logFailure } from "#app/lib/log.server";

export interface AppOptions {
  mode: "development" | "production";
  /** How many proxies in front of the server to believe (TRUST_PROXY); 0 ignores forwarding headers. */
  trustedProxyHops: number;
  /** The site's public address; other host names get 421, forms posted from other origins 403. */
  publicUrl: string;
  /** The React Router build: the virtual module in development, build/server in production. */
  getBuild: () => Promise<ServerBuild>;
  /** The running instance's parts, handed to every loader and action in its context. */
  services: () => AppServices;
  /** The running instance that /healthz and /readyz look at (its database, job runner and phase). */
  runtime: HealthSources;
  /** METRICS_TOKEN: without one, /metrics answers this machine only. */
  metricsToken?: string;
  /** Stripe's hosted checkout's origin when contributions are paid online (the pages' form-action allows it). */
  checkoutOrigin?: string;
}

const FILE_PATH = /\.[a-z0-9]+$/i;

/** The one HTTP application: health, static files, then every page and endpoint via React Router. */
export function createApp(options: AppOptions) {
  const development = options.mode === "development";
  const app = new Hono<AppEnv>();

  // First, so that even a refused request's answer and every line logged for it carry the id.
  app.use(requestIds());
  app.use(requestMetrics());
  app.use(ownHostOnly(options.publicUrl));
  app.use(bodySizeLimits());
  app.use(async (c, next) => {
    const connectionAddress = getConnInfo(c).remote.address;
    const clientIp = clientAddress({ forwardedFor: c.req.header("x-forwarded-for"), connectionAddress, trustedHops: options.trustedProxyHops });
    c.set("clientIp", clientIp);
    // Computed once here, so no limit can count a rotating IPv6 client address by address.
    c.set("clientKey", clientRateLimitKey(clientIp));
    // A request relayed by a proxy on this machine arrives from loopback too, and a DNS-rebinding
    // page reaches loopback under its own name: local means the socket, the absence of any
    // forwarding header (whatever TRUST_PROXY says) and a loopback Host name, all three.
    const forwarded = ["x-forwarded-for", "forwarded", "x-real-ip"].some((name) => c.req.header(name) !== undefined);
    c.set(
      "isLoopback",
      isLoopbackAddress(connectionAddress) && !forwarded && isLoopbackHostname(hostnameOf(c.req.header("host"))),
    );
    await next();
  });
  const formActionOrigins = options.checkoutOrigin ? [options.checkoutOrigin] : [];
  const pageHeaders = securityHeaders({ development, formActionOrigins });
  const staffPageHeaders = securityHeaders({ development, formActionOrigins, staffArea: true });
  // Files (scripts, styles, images, data requests) need no page policy; leaving it off keeps each
  // of the dozen script responses of a page about a kilobyte lighter.
  app.use((c, next) => (FILE_PATH.test(c.req.path) ? fileHeaders(c, next) : isStaffAreaPath(c.req.path) ? staffPageHeaders(c, next) : pageHeaders(c, next)));
  app.use(strictTransportSecurity({ trustedProxyHops: options.trustedProxyHops }));
  app.use(sameOriginWrites(options.publicUrl));
  // After the origin check (a cross-site post is refused as such), before anything reads input.
  app.use(refuseNulInput());
  // Pages, data and files are compressed; the small answers to form posts are not worth the CPU.
  const compressor = compress();
  app.use((c, next) => (c.req.method === "GET" ? compressor(c, next) : next()));

  app.get("/healthz", async (c) => {
    const health = await checkHealth(options.runtime);
    c.header("Cache-Control", "no-store");
    return c.json(health, health.status === "ok" ? 200 : 503);
  });
  // What the reverse proxy's health check asks (deploy/Caddyfile): 503 from the moment a shutdown begins.
  app.get("/readyz", async (c) => {
    const readiness = await checkReadiness(options.runtime);
    c.header("Cache-Control", "no-store");
    return c.json(readiness, readiness.ready ? 200 : 503);
  });

  app.get("/metrics", metricsEndpoint(options.metricsToken));

  mountAuthRoutes(app, options.services);

  if (!development) {
    const clientDir = path.relative(process.cwd(), path.join(projectRoot(), "build", "client")) || ".";
    /** Built files under `pattern`, answered with `cacheControl`. */
    const serveBuilt = (pattern: string, cacheControl: string) =>
      app.use(
        pattern,
        serveStatic({
          root: clientDir,
          // The build's Brotli or gzip copy (scripts/precompress-build.ts), as the browser accepts.
          precompressed: true,
          onFound: (_path, c) => {
            c.set("routePattern", pattern);
            c.header("Cache-Control", cacheControl);
          },
        }),
      );
    // Vite names these files by content hash, so a browser may keep them for good.
    serveBuilt("/assets/*", "public, max-age=31536000, immutable");
    // The door's service worker (docs/decisions/068): under its own stable name, and asked again on
    // every update check, so a new build's worker (and its list of scripts) reaches phones at once.
    serveBuilt("/check-in-sw.js", "no-cache");
    app.use(
      "*",
      serveStatic({
        root: clientDir,
        precompressed: true,
        onFound: (_path, c) => {
          c.set("routePattern", "(public file)");
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  let handler: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | undefined;
  let productionBuild: ServerBuild | undefined;
  app.all("*", async (c) => {
    // In development the build changes with every edit; in production it is built once, so it is
    // asked for once (not through a dynamic import() per request, each one a module resolution).
    const build = development ? await options.getBuild() : (productionBuild ??= await options.getBuild());
    if (handler?.build !== build) handler = { build, handle: createRequestHandler(build, options.mode) };
    const { handle } = handler;
    c.set("routePattern", routePatternOf(build, c.req.path));
    const context: AppLoadContext = {
      ...options.services(),
      cspNonce: c.get("secureHeadersNonce") ?? "",
      clientIp: c.get("clientIp"),
      clientKey: c.get("clientKey"),
      isLoopback: c.get("isLoopback"),
    };
    const request = c.get("oneClickUnsubscribe") ? withoutOrigin(c.req.raw) : c.req.raw;
    return handle(asPublicRequest(request, options.publicUrl), context);
  });

  app.onError((error, c) => {
    logFailure("server", "handling a request", error);
    return c.text("Something went wrong on our side. Please try again in a moment.", 500);
  });

  return app;
}
