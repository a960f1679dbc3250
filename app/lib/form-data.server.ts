import { orElse } from "#app/lib/or-else";
/** The submitted form as a plain object of strings; a body that is not a form reads as empty. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(orElse(undefined, "a body that is no form is answered as bad input by the caller"));
  const values: Record<string, string> = {};
  form?.forEach((value, key) => {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  });
  return values;
}
