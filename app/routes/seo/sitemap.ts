import { publicPages } from "#app/lib/public-pages";
import { listPublicEvents } from "#app/modules/events/index.server";
import type { Route } from "./+types/sitemap";
import { logFailure } from "#app/lib/log.server";

const entry = (loc: string, changeFrequency: string, priority: number) =>
  `  <url><loc>${loc}</loc><changefreq>${changeFrequency}</changefreq><priority>${priority.toFixed(1)}</priority></url>`;

export async function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL } = context.env;
  // The fixed pages still make a sitemap when the calendar cannot be read.
  const events = await listPublicEvents(context.db).catch((error: unknown) => {
    logFailure("seo", "listing events for the sitemap", error);
    return [];
  });
  const urls = [
    ...publicPages.map((page) => entry(`${PUBLIC_URL}${page.path}`, page.changeFrequency, page.priority)),
    ...events.map((event) => entry(`${PUBLIC_URL}/events/${encodeURIComponent(event.slug)}`, "weekly", 0.6)),
  ].join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
