/** The spec's slug: the lower-cased title with hyphens, then the start time in seconds. */
export function slugForEvent(title: string, startsAt: Date): string {
  const words = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return `${words || "event"}-${Math.floor(startsAt.getTime() / 1000)}`;
}
