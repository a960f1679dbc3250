import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Route } from "./+types/audio";
import { getUser } from "#app/routes/guards.server";
import { projectRoot } from "#app/lib/project-root.server";
import { parseRange } from "#app/modules/music";
import { friendPassFrom } from "#app/modules/music/index.server";
import { listenerEntitlement } from "#app/modules/music/index.server";
import { findTrackByFile } from "#app/modules/music/index.server";
import { canHear } from "#app/modules/music";
import { logFailure } from "#app/lib/log.server";

/**
 * GET /media/audio/:file — the music library, streamed per request to those entitled to each
 * track's tier (DESIGN.md, difference 5). Only files listed in the tracks table are served, so no
 * path can reach anything else; a listener who may not hear a track gets 403 and not one byte.
 * Range requests are answered so players can seek.
 */
const FILE_NAME = /^[a-z0-9][a-z0-9-]*\.mp3$/;

const empty = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const file = params.file;
  if (!FILE_NAME.test(file)) return empty(404);
  try {
    const db = context.db;
    const track = await findTrackByFile(db, file);
    if (!track) return empty(404);
    const user = await getUser(request, context);
    const pass = friendPassFrom(request.headers.get("Cookie"));
    const entitlement = await listenerEntitlement(db, { user, friendPass: pass ? { pass, auth: context.auth } : undefined });
    // The answer depends on who asks, so no shared cache may keep it.
    if (!canHear(entitlement, track.tier)) return empty(403, { Vary: "Cookie" });
    return await streamFile(path.join(projectRoot(), "media", "audio", track.file), request.headers.get("Range"));
  } catch (error) {
    logFailure("music", `serving ${file}`, error);
    return empty(503);
  }
}

async function streamFile(filePath: string, rangeHeader: string | null): Promise<Response> {
  const { size } = await stat(filePath);
  const headers: Record<string, string> = {
    "Content-Type": "audio/mpeg",
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    Vary: "Cookie",
  };
  const range = parseRange(rangeHeader, size);
  if (range.kind === "unsatisfiable") return empty(416, { "Content-Range": `bytes */${size}`, "Accept-Ranges": "bytes" });
  const { start, end } = range.kind === "partial" ? range : { start: 0, end: size - 1 };
  const body = size === 0 ? null : (Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>);
  headers["Content-Length"] = String(end - start + 1);
  if (range.kind === "partial") {
    headers["Content-Range"] = `bytes ${start}-${end}/${size}`;
    return new Response(body, { status: 206, headers });
  }
  return new Response(body, { status: 200, headers });
}
