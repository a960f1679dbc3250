import type { MiddlewareHandler } from "hono";
import { fieldHoldingNul, formFieldHoldingNul, nulCharacterMessage } from "#app/modules/security";
import { refuse } from "./refusal";
import { orElse } from "#app/lib/or-else";

/**
 * Refuses with 400 a request carrying a NUL (U+0000) in a field of its body (a form, urlencoded or
 * multipart, or JSON), before any page or endpoint runs. No field of ours takes one and PostgreSQL
 * refuses it in text: let through, it failed the first query that met it, answered 500 or as a
 * database outage (503), wherever the route had not checked that field. Pages and endpoints read
 * bodies three ways (readForm, request.formData(), readJsonBody) and the sign-in routes before
 * React Router; this reads each body once, in one place, for every route there is or will be.
 *
 * Not checked here, because they are already answered field by field: other control characters
 * (`oneLine`, `severalLines`: a message pasted with a form feed deserves the form back), and the
 * address (a slug or a token with a NUL names nothing: 404; a search, `searchParam`: 400).
 */
export function refuseNulInput(): MiddlewareHandler {
  return async (c, next) => {
    const field = c.req.raw.body ? await nulInBody(c.req.raw) : null;
    if (field !== null) return refuse(c, 400, nulCharacterMessage(field));
    return next();
  };
}

const mediaTypeOf = (contentType: string) => contentType.split(";")[0]!.trim().toLowerCase();

/**
 * The field of the body holding a NUL, read from a copy (the route still reads the request). The
 * body is already bounded by the size limits. Each kind is parsed only when its raw text could
 * hold one; a body that does not parse is left to the route, which answers it as it always has.
 */
async function nulInBody(request: Request): Promise<string | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const bytes = new Uint8Array(await request.clone().arrayBuffer());
  const type = mediaTypeOf(contentType);
  if (type === "multipart/form-data") {
    if (!bytes.includes(0)) return null;
    // Files may hold any byte: only the text fields count.
    const form = await new Response(bytes, { headers: { "content-type": contentType } }).formData().catch(orElse(null, "a body that is no form is left to its route, which answers bad input"));
    if (!form) return null;
    return formFieldHoldingNul([...form].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : [])));
  }
  const text = new TextDecoder().decode(bytes);
  if (type === "application/x-www-form-urlencoded") {
    return text.includes("%00") || text.includes("\u0000") ? formFieldHoldingNul(new URLSearchParams(text)) : null;
  }
  // JSON, whatever the content type says (some clients send it as text/plain): a NUL arrives escaped.
  if (!text.includes("\\u0000")) return null;
  try {
    return fieldHoldingNul(JSON.parse(text));
  } catch {
    return null;
  }
}
