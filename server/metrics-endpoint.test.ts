import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./create-app";
import type { HealthSources } from "./health";

/** The app as the server builds it (no pages needed), listening on a free loopback port. */
async function listen(options: { metricsToken?: string; trustedProxyHops: number }): Promise<{ url: string; server: ServerType }> {
  const app = createApp({
    mode: "production",
    publicUrl: "https://harmonia.example",
    getBuild: () => Promise.reject(new Error("no pages here")),
    services: () => {
      throw new Error("no running instance in this test");
    },
    // Stopped: the health checks answer without touching the (absent) database or job runner.
    runtime: { phase: "stopped" } as HealthSources,
    ...options,
  });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve({ url: `http://127.0.0.1:${info.port}`, server }));
  });
}

describe("who may read /metrics", () => {
  const servers: ServerType[] = [];
  let open: string;
  let guarded: string;
  beforeAll(async () => {
    const withoutToken = await listen({ trustedProxyHops: 1 });
    const withToken = await listen({ trustedProxyHops: 1, metricsToken: "a-token-of-sixteen-characters" });
    servers.push(withoutToken.server, withToken.server);
    open = withoutToken.url;
    guarded = withToken.url;
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it("without METRICS_TOKEN: this machine only, and a request relayed by a proxy (whatever TRUST_PROXY says) is not this machine", async () => {
    expect((await fetch(`${open}/metrics`)).status).toBe(200);
    // A proxy on this machine relays a visitor from the internet: loopback socket, forwarding header.
    const relayed: Record<string, string>[] = [{ "X-Forwarded-For": "203.0.113.9" }, { "X-Forwarded-For": "127.0.0.1" }, { Forwarded: "for=203.0.113.9" }, { "X-Real-IP": "203.0.113.9" }];
    for (const header of relayed) {
      const response = await fetch(`${open}/metrics`, { headers: header });
      expect(response.status, JSON.stringify(header)).toBe(403);
      expect(await response.text()).toContain("set METRICS_TOKEN");
    }
  });

  it("with METRICS_TOKEN: only its bearer, from anywhere", async () => {
    expect((await fetch(`${guarded}/metrics`)).status).toBe(401);
    expect((await fetch(`${guarded}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-characterz" } })).status).toBe(401);
    const relayed = await fetch(`${guarded}/metrics`, { headers: { Authorization: "Bearer a-token-of-sixteen-characters", "X-Forwarded-For": "203.0.113.9" } });
    expect(relayed.status).toBe(200);
    expect(await relayed.text()).toContain("# TYPE nodejs_eventloop_lag_seconds gauge");
  });
});
