import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  const { PUBLIC_URL } = context.env;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /dev/",
    "Disallow: /profile",
    "Disallow: /welcome",
    "",
    `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
