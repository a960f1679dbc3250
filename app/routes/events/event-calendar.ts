import { eventCalendarFile } from "#app/modules/events";
import { findPublicEventBySlug } from "#app/modules/events/index.server";
import type { Route } from "./+types/event-calendar";

/** The event as an .ics file, so a visitor can add it to any calendar from its shareable page. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const event = await findPublicEventBySlug(context.db, params.slug);
  if (!event) return new Response("Event not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(eventCalendarFile(event, { publicUrl: context.env.PUBLIC_URL }), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${event.slug}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
