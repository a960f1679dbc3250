/** Small pieces every JSON endpoint under /api needs, so each endpoint stays a thin adapter. */

/** Bodies above this are refused before they are parsed; the spec's payloads are a few hundred bytes. */
export const MAX_JSON_BODY_BYTES = 16 * 1024;

export type JsonBody = { ok: true; value: unknown } | { ok: false; problem: "too-large" | "not-json" };

/** Reads a JSON body, stopping as soon as it passes `maxBytes` instead of buffering all of it. */
export async function readJsonBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, problem: "too-large" };
  if (!request.body) return { ok: false, problem: "not-json" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        return { ok: false, problem: "too-large" };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, problem: "not-json" };
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(Buffer.concat(chunks))) as unknown };
  } catch {
    return { ok: false, problem: "not-json" };
  }
}

/** 405 with the methods the endpoint does accept. */
export function methodNotAllowed(allowed: string[], error = "This method is not allowed here."): Response {
  return Response.json({ error }, { status: 405, headers: { Allow: allowed.join(", ") } });
}
