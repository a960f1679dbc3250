import { expect, type APIRequestContext } from "@playwright/test";
import { siteUrl } from "./ports";

/**
 * Events for the staff pages' browser tests, made the one way events are made (docs/decisions/041):
 * Events → New event (a draft), then Publish. `request` is a signed-in admin's (page.request).
 */
const EVENTS_PAGE = "/admin/eventmanagement";

/** The id of the event titled `title`, read from its row on the events page (every state shown). */
export async function eventIdOf(request: APIRequestContext, title: string): Promise<string> {
  const html = await (await request.get(`${EVENTS_PAGE}?show=all`)).text();
  const start = html.indexOf(`aria-label="${title}"`);
  expect(start, `the row of ${title}`).toBeGreaterThan(-1);
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(html.slice(start))?.[1];
  expect(id, `the row of ${title}`).toBeTruthy();
  return id!;
}

/** A published event taking reservations (posted as the page's form without JavaScript posts it); its public page's path. */
export async function createPublishedEvent(
  request: APIRequestContext,
  event: { title: string; date: string; time: string; maxSeats?: string; location?: string },
): Promise<{ id: string; href: string }> {
  const post = (form: Record<string, string>) => request.post(EVENTS_PAGE, { headers: { Origin: siteUrl }, form });
  const created = await post({
    intent: "create",
    title: event.title,
    image: "/media/images/event-garden.svg",
    date: event.date,
    time: event.time,
    description: "An evening of live piano.",
    location: event.location ?? "Browser Test Hall",
    maxSeats: event.maxSeats ?? "30",
  });
  expect(created.status(), `creating ${event.title}`).toBe(200);
  const id = await eventIdOf(request, event.title);
  expect((await post({ intent: "publish", id })).status(), `publishing ${event.title}`).toBe(200);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slug = new RegExp(`/events/(${event.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)<`).exec(sitemap)?.[1];
  expect(slug, `the published address of ${event.title}`).toBeTruthy();
  return { id, href: `/events/${slug}` };
}
