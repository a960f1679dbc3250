import { withoutControlCharacters } from "#app/modules/security";

/** Reading the old site's cell values that are neither text nor dates (pure). */

const TRUE_WORDS = new Set(["t", "true", "1", "yes", "y"]);

export function isTrue(value: string | null | undefined): boolean {
  return value !== null && value !== undefined && value.length <= 5 && TRUE_WORDS.has(value.trim().toLowerCase());
}

/** The card's disabled labels as the site writes them ('Private event' → 'Private Event'). */
export function normaliseButton(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const known = ["Past Event", "Coming Soon", "Private Event", "Guest List Full", "Get Tickets", "Reserve Your Spot"].find((label) => label.toLowerCase() === text.toLowerCase());
  return known ?? text;
}

/** A PostgreSQL array ('{piano,retreats}'), a JSON array or a comma-separated list; each item on one line. */
export function parseList(value: string | null | undefined): string[] {
  const text = value?.trim();
  if (!text) return [];
  let items: string[] | undefined;
  if (text.startsWith("[")) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed)) items = parsed.map(String);
    } catch {
      // read as a plain list below
    }
  }
  items ??= text
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((item) => item.trim().replace(/^"|"$/g, ""));
  return items.map((item) => withoutControlCharacters(item)).filter(Boolean);
}

export function parseJsonObject(value: string | null | undefined): Record<string, unknown> {
  if (!value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function stringField(object: Record<string, unknown>, key: string): string | undefined {
  const value = object[key];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}
