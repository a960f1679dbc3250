/**
 * One value per process, kept across development hot reloads.
 *
 * In development Vite re-evaluates a module when it (or something it imports) changes, which
 * would make a second database pool, a second job runner or (on PGlite) a second writer of the
 * data directory, and would forget what the composition root handed to the module. Values made
 * here live on `globalThis` under their name, so a re-evaluated module finds the same one. This is
 * the only place that touches `globalThis`; in production each module is evaluated once anyway.
 */
const registry = globalThis as typeof globalThis & { __harmoniaSingletons?: Map<string, unknown> };

export function singleton<T>(name: string, create: () => T): T {
  registry.__harmoniaSingletons ??= new Map();
  const values = registry.__harmoniaSingletons;
  if (!values.has(name)) values.set(name, create());
  return values.get(name) as T;
}

/** A place for one value the composition root sets at start-up and clears at stop. */
export interface Slot<T> {
  current: T | undefined;
}

export function slot<T>(name: string): Slot<T> {
  return singleton<Slot<T>>(name, () => ({ current: undefined }));
}
