import { orElse } from "#app/lib/or-else";
/**
 * A stream's bytes, or null as soon as they pass `maxBytes` (the rest is never read): for bodies
 * from outside, whose declared length cannot be trusted.
 */
export async function readAtMost(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(orElse(undefined, "the rest of an oversized body is dropped either way"));
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
