/** Small pieces every JSON endpoint under /api needs, so each endpoint stays a thin adapter. */
import { readAtMost } from "./read-at-most";

/** Bodies above this are refused before they are parsed; the spec's payloads are a few hundred bytes. */
export const MAX_JSON_BODY_BYTES = 10 * 1024;

/** What a JSON endpoint says about a body it cannot read. */
export const jsonBodyMessages = {
  tooLarge: (maxBytes: number) => `The request body is too large (at most ${Math.floor(maxBytes / 1024)} kB).`,
  notJson: "The request body must be valid JSON.",
  methodNotAllowed: (allowed: string[]) => `Use ${allowed.join(" or ")}.`,
} as const;

/** Why a body could not be read: above the size cap (413) or not JSON (400). */
export type JsonBodyFailure = "too-large" | "not-json";

export type JsonBody = { ok: true; value: unknown } | { ok: false; reason: JsonBodyFailure; error: string };

/**
 * Reads a JSON body of at most `maxBytes`, stopping as soon as more arrives, so an oversized
 * request costs no more than the limit in memory.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, reason: "too-large", error: jsonBodyMessages.tooLarge(maxBytes) };
  try {
    const bytes = await readAtMost(request.body, maxBytes);
    if (!bytes) return { ok: false, reason: "too-large", error: jsonBodyMessages.tooLarge(maxBytes) };
    return { ok: true, value: JSON.parse(bytes.toString("utf8")) as unknown };
  } catch {
    return { ok: false, reason: "not-json", error: jsonBodyMessages.notJson };
  }
}

/** 405 with the methods the endpoint does accept. */
export function methodNotAllowed(allowed: string[]): Response {
  return Response.json({ error: jsonBodyMessages.methodNotAllowed(allowed) }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
