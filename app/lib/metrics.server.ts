import client from "prom-client";
import { singleton } from "./singleton.server";

/**
 * The process's Prometheus metrics (served at /metrics). Each module declares its own through
 * these helpers, which return the same metric when a module is evaluated again (a development
 * reload), where prom-client would refuse a second one of the same name. Labels are always
 * bounded sets (a route pattern, a channel, an outcome), never something a visitor typed.
 */
export const metricsRegistry = singleton("metrics-registry", () => {
  const registry = new client.Registry();
  // Event-loop lag, memory, CPU, handles: prom-client's standard process metrics.
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return registry;
});

type Labels<Names extends string> = Names[];

export function counter<Names extends string>(name: string, help: string, labelNames: Labels<Names> = []): client.Counter<Names> {
  return singleton(`metric:${name}`, () => new client.Counter({ name, help, labelNames, registers: [metricsRegistry] }));
}

export function histogram<Names extends string>(name: string, help: string, labelNames: Labels<Names>, buckets: number[]): client.Histogram<Names> {
  return singleton(`metric:${name}`, () => new client.Histogram({ name, help, labelNames, buckets, registers: [metricsRegistry] }));
}

/** A gauge read when scraped: `read` sets its values (it may query the database). */
export function gaugeReadOnScrape<Names extends string>(name: string, help: string, labelNames: Labels<Names>, read: (gauge: client.Gauge<Names>) => Promise<void> | void): client.Gauge<Names> {
  return singleton(
    `metric:${name}`,
    () =>
      new client.Gauge({
        name,
        help,
        labelNames,
        registers: [metricsRegistry],
        async collect() {
          await read(this);
        },
      }),
  );
}

/** The text a scrape gets, in Prometheus' exposition format. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  return { contentType: metricsRegistry.contentType, body: await metricsRegistry.metrics() };
}
