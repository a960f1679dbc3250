/**
 * One value per process, kept across development hot reloads: today only the Prometheus metrics
 * (metrics.server.ts).
 *
 * In development Vite re-evaluates a module when it (or something it imports) changes. A metric
 * declared at a module's top level would then be made a second time, and prom-client refuses a
 * second metric of the same name in its registry (and the first one's counts would be lost).
 * Values made here live on `globalThis` under their name, so a re-evaluated module finds the same
 * one. In production each module is evaluated once anyway. The running instance's parts (database,
 * auth, job runner, the senders' wakes) are not kept here: the composition root (server/runtime.ts)
 * makes them once and passes them on, and nothing looks them up (docs/decisions/062).
 */
const registry = globalThis as typeof globalThis & { __harmoniaSingletons?: Map<string, unknown> };

export function singleton<T>(name: string, create: () => T): T {
  registry.__harmoniaSingletons ??= new Map();
  const values = registry.__harmoniaSingletons;
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}
