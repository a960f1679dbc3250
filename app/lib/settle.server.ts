import { logFailure } from "./log.server";

export type Settled<T> = { ok: true; data: T } | { ok: false };

/**
 * A read whose failure should cost one panel, not the page: the result, or `{ ok: false }` with the
 * failure logged. Each panel of a page can then render what did load.
 */
export async function settle<T>(scope: string, what: string, read: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await read };
  } catch (error) {
    logFailure(scope, what, error);
    return { ok: false };
  }
}
