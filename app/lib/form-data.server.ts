/** The submitted form as a plain object of strings; a body that is not a form reads as empty. */
export async function readForm(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => undefined);
  const values: Record<string, string> = {};
  form?.forEach((value, key) => {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  });
  return values;
}
