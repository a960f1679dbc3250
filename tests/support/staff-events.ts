import { siteConfig } from "#app/lib/site-config";
import { slugForEvent } from "#app/modules/events/event-slug";
import { venueDateTimeToInstant } from "#app/modules/events/event-venue-time";

/**
 * A published event taking reservations, made over HTTP the one way events are made
 * (docs/decisions/041): Events → New event (a draft), then Publish, as an admin. For the tests of
 * other pages that need an event with guests.
 */
export async function createPublishedEvent(
  serverUrl: string,
  adminCookie: string,
  event: { title: string; date: string; time: string; maxSeats?: number | null; location?: string },
): Promise<{ id: string; slug: string }> {
  const post = async (fields: Record<string, string>) => {
    const response = await fetch(`${serverUrl}/admin/eventmanagement`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: serverUrl, "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie },
      body: new URLSearchParams(fields),
    });
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${fields.intent} of ${event.title} answered ${response.status}: ${html.slice(0, 300)}`);
    return html;
  };
  await post({
    intent: "create",
    title: event.title,
    image: "/media/images/event-garden.svg",
    date: event.date,
    time: event.time,
    description: "An evening of live piano.",
    location: event.location ?? "Test Hall",
    maxSeats: event.maxSeats === null ? "" : String(event.maxSeats ?? 30),
  });
  const list = await (await fetch(`${serverUrl}/admin/eventmanagement?show=draft`, { headers: { Cookie: adminCookie } })).text();
  const row = list.slice(list.indexOf(`aria-label="${event.title}"`));
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1];
  if (!list.includes(`aria-label="${event.title}"`) || !id) throw new Error(`The new draft ${event.title} has no row`);
  await post({ intent: "publish", id });
  return { id, slug: slugForEvent(event.title, venueDateTimeToInstant(event.date, event.time, siteConfig.venue.timeZone)) };
}
