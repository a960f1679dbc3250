import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Route } from "./+types/event-image";
import { logFailure } from "#app/lib/log.server";
import { eventImageDirectory } from "#app/modules/events/index.server";
import { parseEventImageFileName } from "#app/modules/events";

/**
 * GET /media/events/:file — uploaded event images, public like the site's own pictures. Only names
 * of the upload pattern (content hash, variant, .webp) are read, so no path reaches anything else;
 * a name never changes its bytes, so browsers and proxies may keep it for a year.
 */
const empty = (status: number) => new Response(null, { status, headers: { "Cache-Control": "no-store" } });

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!parseEventImageFileName(params.file)) return empty(404);
  try {
    const bytes = await readFile(path.join(eventImageDirectory(context.env.UPLOADS_DIR), params.file));
    return new Response(bytes, {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return empty(404);
    logFailure("events", `serving the event image ${params.file}`, error);
    return empty(503);
  }
}
