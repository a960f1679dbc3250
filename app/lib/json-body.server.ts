/** What a JSON endpoint says about a body it cannot read. */
export const jsonBodyMessages = {
  tooLarge: (maxBytes: number) => `The request body is too large (at most ${Math.floor(maxBytes / 1024)} kB).`,
  notJson: "The request body must be valid JSON.",
} as const;

export type JsonBody = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Reads a JSON body of at most `maxBytes`, stopping as soon as more arrives, so an oversized
 * request costs no more than the limit in memory.
 */
export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return { ok: false, error: jsonBodyMessages.tooLarge(maxBytes) };
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return { ok: false, error: jsonBodyMessages.tooLarge(maxBytes) };
      }
      chunks.push(value);
    }
  }
  const text = Buffer.concat(chunks).toString("utf8");
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, error: jsonBodyMessages.notJson };
  }
}
