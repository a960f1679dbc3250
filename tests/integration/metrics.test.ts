import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "#tests/support/test-server";

const token = "metrics-test-token-0123456789";

/**
 * GET /metrics on the production build: only with the token, in Prometheus' text format, with
 * requests counted under their route patterns (never the URL: no token, address or query in a
 * label), reservations, deliveries, the outbox, the job queue, the pool and the process.
 */
describe("GET /metrics", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ METRICS_TOKEN: token, RATE_LIMIT_MULTIPLIER: "50" });
  });
  afterAll(() => server?.stop());

  const scrape = () => fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  /** The value of one series (its name with its labels, as the text format writes them). */
  const valueOf = (body: string, series: string) => {
    const line = body.split("\n").find((candidate) => candidate.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it("answers only with METRICS_TOKEN, even from this machine", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { Authorization: "Bearer wrong" } })).status).toBe(401);
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("counts requests by route pattern, never by the URL a visitor sent", async () => {
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const slug = /href="\/events\/([a-z0-9-]+)"/.exec(listing)?.[1];
    expect(slug).toBeDefined();
    await fetch(`${server.url}/events/${slug}?email=ada%40example.com&token=s3cr3t-query`);
    await fetch(`${server.url}/events/ada@example.com-s3cr3t-path`);
    await fetch(`${server.url}/invitation?rid=s3cr3t-rid`);
    await fetch(`${server.url}/no/such/page-s3cr3t`);
    const body = await scrape().then((response) => response.text());
    expect(body).not.toMatch(/s3cr3t|ada@|example\.com/);
    expect(valueOf(body, 'harmonia_http_request_duration_seconds_count{route="/events/:slug",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(valueOf(body, 'harmonia_http_request_duration_seconds_count{route="/events",method="GET",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(body).toContain('route="/invitation"');
    expect(body).toMatch(/harmonia_http_request_duration_seconds_bucket\{le="0\.1",route="\/events",method="GET",status="200"\} \d/);
  });

  it("counts reservations taken and refused, and the confirmation sent", async () => {
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const slug = /href="\/events\/(candlelight-piano-meditation-\d+)"/.exec(listing)?.[1];
    const reserve = (fields: Record<string, string>, eventSlug = slug) =>
      fetch(`${server.url}/events/${eventSlug}/reserve`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: new URLSearchParams(fields),
        redirect: "manual",
      }).then((response) => response.status);
    expect(await reserve({ name: "Ada Lovelace", email: "metrics-ada@example.com", phone: "6195550100", seats: "1" })).toBe(200);
    expect(await reserve({ name: "Ada Lovelace", email: "metrics-ada@example.com", phone: "6195550100", seats: "1" }, "no-such-event-1")).toBe(404);
    const deadline = Date.now() + 20_000;
    let body: string;
    do {
      body = await scrape().then((response) => response.text());
      if (valueOf(body, 'harmonia_messages_total{channel="email",outcome="sent"}')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    } while (Date.now() < deadline);
    expect(valueOf(body, 'harmonia_reservations_total{outcome="taken",reason=""}')).toBe(1);
    expect(valueOf(body, 'harmonia_reservations_total{outcome="refused",reason="event-not-found"}')).toBe(1);
    expect(valueOf(body, 'harmonia_messages_total{channel="email",outcome="sent"}')).toBeGreaterThanOrEqual(1);
  });

  it("shows the outbox, the job queue, the database pool and the process", async () => {
    const body = await scrape().then((response) => response.text());
    expect(valueOf(body, 'harmonia_outbox_oldest_due_seconds{channel="email",priority="transactional"}')).toBeGreaterThanOrEqual(0);
    expect(body).toContain("# TYPE harmonia_outbox_due_messages gauge");
    expect(body).toContain("# TYPE harmonia_job_lag_seconds gauge");
    const inUse = valueOf(body, 'harmonia_db_pool_connections{state="in_use"}');
    const idle = valueOf(body, 'harmonia_db_pool_connections{state="idle"}');
    // The embedded database has no pool: 0; PostgreSQL's pool holds a connection or more by now.
    if (server.databaseUrl) expect(inUse! + idle!).toBeGreaterThan(0);
    else expect([inUse, idle]).toEqual([0, 0]);
    expect(valueOf(body, 'harmonia_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
    expect(valueOf(body, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
  });
});
