import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "#app/lib/site-config";
import { eventFormMessages } from "#app/modules/events/event-form";
import { eventFailures, eventToasts } from "#app/modules/events/event-management-messages";
import { slugForEvent } from "#app/modules/events/event-slug";
import { venueDateTimeToInstant } from "#app/modules/events/event-venue-time";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * Event management over HTTP, as a browser without JavaScript posts it: the server's validation,
 * the lifecycle's moves (Publish, Unpublish, Archive, Restore, Delete for good) and their effect on
 * the public pages, duplicate with a new date, the date order with the featured pin, and the
 * activity log (docs/decisions/041).
 */
describe("event management over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admins = [`events-a-${stamp}@example.com`, `events-b-${stamp}@example.com`];
  const cookies: string[] = [];

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ ADMIN_EMAILS: admins.join(","), RATE_LIMIT_MULTIPLIER: "50" }));
    for (const email of admins) cookies.push(await signInOverHttp(server.url, sink, email));
  }, 120_000);
  afterAll(() => stopServerWithMail(server, sink));

  const day = "2031-05-14";
  let minute = 0;
  /** A valid form for a new event with a title of its own and a start time of its own. */
  function validForm(title: string, extra: Record<string, string> = {}) {
    minute += 1;
    const time = `${String(10 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
    return { title, image: "/media/images/event-garden.svg", date: day, time, description: "Live piano in the garden.", location: "Test Garden", ...extra };
  }
  const slugOf = (form: { title: string; date: string; time: string }) =>
    slugForEvent(form.title, venueDateTimeToInstant(form.date, form.time, siteConfig.venue.timeZone));

  async function post(fields: Record<string, string>, cookie = cookies[0]!) {
    const response = await fetch(`${server.url}/admin/eventmanagement`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, html: await response.text() };
  }
  const get = (url: string, cookie?: string) => fetch(`${server.url}${url}`, { headers: cookie ? { Cookie: cookie } : {} });
  const adminPage = async () => (await get("/admin/eventmanagement?show=all", cookies[0])).text();

  /** The id of an event, and its row, read from the admin page (all events shown). */
  async function rowOf(title: string): Promise<{ id: string; html: string }> {
    const html = await adminPage();
    const start = html.indexOf(`aria-label="${title}"`);
    if (start < 0) throw new Error(`No row for ${title}`);
    const row = html.slice(start, html.indexOf("</tr>", start));
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1];
    if (!id) throw new Error(`Row of ${title} has no id`);
    return { id, html: row };
  }
  /** The titles of the rows, top to bottom, as the admin page lists them. */
  const adminTitles = async (query = "") => [...(await (await get(`/admin/eventmanagement${query}`, cookies[0])).text()).matchAll(/<tr aria-label="([^"]+)"/g)].map((match) => match[1]!);
  /** Where each title's card link stands in /events (-1: not listed), to compare their order. */
  const placesOnEvents = async (...titles: string[]) => {
    const html = await (await get("/events")).text();
    return titles.map((title) => html.indexOf(`>${title}</a>`));
  };

  async function create(title: string, extra: Record<string, string> = {}) {
    const form = validForm(title, extra);
    const answer = await post({ intent: "create", ...form });
    expect(answer.status, answer.html.slice(0, 200)).toBe(200);
    expect(answer.html).toContain(eventToasts.created);
    return { title, form, slug: slugOf(form), ...(await rowOf(title)) };
  }

  /** How many activity entries of a kind the log holds (its page says the total). */
  async function activityCount(kind: string): Promise<number> {
    const html = await (await get(`/admin/activity?kind=${kind}`, cookies[0])).text();
    const total = /newest first \((?:<!-- -->)?(\d+)(?:<!-- -->)?\)/.exec(html)?.[1];
    if (total === undefined) throw new Error("The activity page shows no total");
    return Number(total);
  }

  const onEvents = async (title: string) => (await (await get("/events")).text()).includes(title);
  const eventPageStatus = async (slug: string) => (await get(`/events/${slug}`)).status;

  it("refuses a form without its required fields, saying why under each field (400), and logs nothing", async () => {
    const created = await activityCount("event.created");
    const answer = await post({ intent: "create" });
    expect(answer.status).toBe(400);
    for (const message of [eventFormMessages.title, eventFormMessages.image, eventFormMessages.date, eventFormMessages.time, eventFormMessages.description]) {
      expect(answer.html).toContain(message);
    }
    expect(answer.html).toContain(eventFailures.create);
    expect(answer.html).not.toContain(eventToasts.created);
    expect(await activityCount("event.created")).toBe(created);
  });

  it("refuses a tickets link that is not https and max seats below 1, keeping what was typed", async () => {
    const form = validForm("Kept Values Evening", { ticketsLink: "http://tickets.example/kept", maxSeats: "0", address: "12 Kept Street" });
    const answer = await post({ intent: "create", ...form });
    expect(answer.status).toBe(400);
    expect(answer.html).toContain(eventFormMessages.ticketsLink);
    expect(answer.html).toContain(eventFormMessages.maxSeats);
    for (const value of ["Kept Values Evening", "http://tickets.example/kept", "12 Kept Street", form.time, day]) expect(answer.html).toContain(`value="${value}"`);
    expect(answer.html).toContain("Live piano in the garden.</textarea>");
    expect(await adminPage()).not.toContain('aria-label="Kept Values Evening"');

    const images = await post({ intent: "create", ...validForm("Bad Image Evening", { image: "//evil.example/x.png", maxSeats: "-2" }) });
    expect(images.status).toBe(400);
    expect(images.html).toContain(eventFormMessages.imagePath);
    expect(images.html).toContain(eventFormMessages.maxSeats);
  });

  it("creates a draft the public does not see; Publish shows it at once, Archive takes it off, Restore makes it a draft again", async () => {
    const event = await create(`Lifecycle Evening ${stamp}`, { maxSeats: "" });
    expect(event.html).toContain("Draft");
    expect(await onEvents(event.title)).toBe(false);
    expect(await eventPageStatus(event.slug)).toBe(404);

    expect((await post({ intent: "publish", id: event.id })).html).toContain(eventToasts.published);
    expect((await rowOf(event.title)).html).toContain("Published");
    expect(await onEvents(event.title)).toBe(true);
    expect(await eventPageStatus(event.slug)).toBe(200);
    expect(await (await get("/sitemap.xml")).text()).toContain(`/events/${event.slug}`);

    const archived = await activityCount("event.archived");
    expect((await post({ intent: "archive", id: event.id })).html).toContain(eventToasts.archived);
    expect(await onEvents(event.title)).toBe(false);
    expect(await eventPageStatus(event.slug)).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/events/${event.slug}`);
    expect(await activityCount("event.archived")).toBe(archived + 1);
    // Off the default list (drafts and published), on the archived one.
    expect(await adminTitles()).not.toContain(event.title);
    expect(await adminTitles("?show=archived")).toContain(event.title);

    // Archiving twice, or publishing an archived event, is refused (409), and nothing more is logged.
    const again = await post({ intent: "archive", id: event.id });
    expect(again.status).toBe(409);
    expect(again.html).toContain(eventFailures.archive);
    const publishArchived = await post({ intent: "publish", id: event.id });
    expect(publishArchived.status).toBe(409);
    expect(publishArchived.html).toContain(`${eventFailures.publish}: it is archived: restore it first`);
    expect(await activityCount("event.archived")).toBe(archived + 1);

    expect((await post({ intent: "restore", id: event.id })).html).toContain(eventToasts.restored);
    expect((await rowOf(event.title)).html).toContain("Draft");
    expect(await eventPageStatus(event.slug)).toBe(404);
    expect((await post({ intent: "publish", id: event.id })).status).toBe(200);
    expect(await eventPageStatus(event.slug)).toBe(200);
    expect((await post({ intent: "unpublish", id: event.id })).html).toContain(eventToasts.unpublished);
    expect(await eventPageStatus(event.slug)).toBe(404);
  });

  it("deletes for good only a draft or an archived event, with its reservations, after a warning naming them", async () => {
    const event = await create(`Farewell Evening ${stamp}`, { maxSeats: "20" });
    await post({ intent: "publish", id: event.id });
    const reserved = await fetch(`${server.url}/events/${event.slug}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ name: "Ada Lovelace", email: `ada-${stamp}@example.com`, phone: "6195550100", seats: "3" }),
    });
    expect(reserved.status).toBe(200);
    expect((await rowOf(event.title)).html).toContain("3 / 20");

    const refused = await post({ intent: "delete-for-good", id: event.id });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(`${eventFailures.deleteForGood}: it is published: unpublish or archive it first`);
    // A published event's row offers no delete, and the warning page does not open for it.
    expect((await rowOf(event.title)).html).not.toContain("Delete for good");
    expect(await (await get(`/admin/eventmanagement?confirmDelete=${event.id}`, cookies[0])).text()).not.toContain("Delete this event for good?");

    await post({ intent: "archive", id: event.id });
    const confirmPage = await (await get(`/admin/eventmanagement?show=archived&confirmDelete=${event.id}`, cookies[0])).text();
    expect(confirmPage).toContain("and its <!-- -->1<!-- --> <!-- -->reservation<!-- --> will be deleted. This cannot be undone.");
    const deletedBefore = await activityCount("event.deleted-permanently");
    const deleted = await post({ intent: "delete-for-good", id: event.id });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain(eventToasts.deletedForGood);
    expect(deleted.html).not.toContain(`aria-label="${event.title}"`);
    expect(await eventPageStatus(event.slug)).toBe(404);
    expect(await activityCount("event.deleted-permanently")).toBe(deletedBefore + 1);
    expect((await post({ intent: "restore", id: event.id })).status).toBe(404);
  });

  it("never lowers max seats below the seats already reserved, and logs only the fields an edit changed", async () => {
    const event = await create(`Seats Evening ${stamp}`, { maxSeats: "10" });
    await post({ intent: "publish", id: event.id });
    const reserved = await fetch(`${server.url}/events/${event.slug}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ name: "Grace Hopper", email: `grace-${stamp}@example.com`, phone: "6195550101", seats: "4" }),
    });
    expect(reserved.status).toBe(200);

    const updates = await activityCount("event.updated");
    const lower = await post({ intent: "update", ...event.form, id: event.id, maxSeats: "3" });
    expect(lower.status).toBe(400);
    expect(lower.html).toContain("4 seats are already reserved: max seats cannot be lower than that");
    expect(lower.html).toContain(eventFailures.update);
    expect(await activityCount("event.updated")).toBe(updates);

    const saved = await post({ intent: "update", ...event.form, id: event.id, maxSeats: "4", location: "Moved Garden" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(eventToasts.updated);
    expect((await rowOf(event.title)).html).toContain("4 / 4");
    expect(await activityCount("event.updated")).toBe(updates + 1);
    const log = await (await get("/admin/activity?kind=event.updated", cookies[0])).text();
    expect(log).toContain("Changed max seats from 10 to 4");
    expect(log).toContain("Changed location from ‘Test Garden’ to ‘Moved Garden’");
    expect(log).not.toContain("description: ");
  });

  it("gives a placement to one event only, taking it from the one that had it", async () => {
    const first = await create(`VIP One ${stamp}`, { placement: "vip" });
    const second = await create(`VIP Two ${stamp}`, { placement: "vip" });
    expect((await rowOf(second.title)).html).toContain(">VIP<");
    expect((await rowOf(first.title)).html).not.toContain(">VIP<");
  });

  it("duplicates an event for the date asked, as a draft (works without JavaScript), and features by toggle", async () => {
    const original = await create(`Original Evening ${stamp}`);
    await post({ intent: "publish", id: original.id });
    // The duplicate's form is a step of the page, with the next week's date suggested.
    const form = await (await get(`/admin/eventmanagement?duplicate=${original.id}`, cookies[0])).text();
    expect(form).toContain("Duplicate event");
    expect(form).toContain('value="2031-05-21"');
    expect(form).toContain(`value="${original.form.time}"`);

    const missing = await post({ intent: "duplicate", id: original.id, title: original.title, date: "", time: "" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain(eventFormMessages.date);
    expect(missing.html).toContain("Duplicate event");
    const same = await post({ intent: "duplicate", id: original.id, title: original.title, date: original.form.date, time: original.form.time });
    expect(same.status).toBe(400);
    expect(same.html).toContain("An event with this title already starts at this date and time");

    const answer = await post({ intent: "duplicate", id: original.id, title: original.title, date: "2031-05-07", time: "19:30" });
    expect(answer.status).toBe(200);
    expect(answer.html).toContain(eventToasts.duplicated("May 7th, 2031, 7:30 PM"));
    // Two rows of that title now: the copy (a draft, 7 May) comes first, in date order.
    const titles = await adminTitles();
    const rows = titles.flatMap((title, index) => (title === original.title ? [index] : []));
    expect(rows).toHaveLength(2);
    const html = await (await get("/admin/eventmanagement", cookies[0])).text();
    const firstRow = html.slice(html.indexOf(`aria-label="${original.title}"`));
    expect(firstRow.slice(0, firstRow.indexOf("</tr>"))).toContain("May 7th, 2031");
    expect(firstRow.slice(0, firstRow.indexOf("</tr>"))).toContain("Draft");
    expect(await activityCount("event.duplicated")).toBeGreaterThan(0);

    expect((await post({ intent: "toggle-featured", id: original.id })).html).toContain(eventToasts.featured);
    const page = await adminPage();
    const originalRow = page.slice(page.lastIndexOf("<tr", page.indexOf(`name="id" value="${original.id}"`)));
    expect(originalRow.slice(0, originalRow.indexOf("</tr>"))).toContain('aria-pressed="true"');
  });

  it("lists events by date on /events and the staff page: an earlier-dated new event comes before a later one, a featured one first", async () => {
    const later = await create(`Later Evening ${stamp}`, { date: "2031-09-20" });
    const earlier = await create(`Earlier Evening ${stamp}`, { date: "2031-09-13" });
    for (const event of [later, earlier]) await post({ intent: "publish", id: event.id });
    const [earlierPlace, laterPlace] = await placesOnEvents(earlier.title, later.title);
    expect(earlierPlace).toBeGreaterThan(-1);
    expect(earlierPlace).toBeLessThan(laterPlace!);
    const titles = await adminTitles();
    expect(titles.indexOf(earlier.title)).toBeLessThan(titles.indexOf(later.title));

    // Featured, the later one is pinned first on both; unfeatured, it goes back to its date's place.
    await post({ intent: "toggle-featured", id: later.id });
    const [pinnedEarlier, pinnedLater] = await placesOnEvents(earlier.title, later.title);
    expect(pinnedLater).toBeLessThan(pinnedEarlier!);
    expect((await adminTitles()).indexOf(later.title)).toBeLessThan((await adminTitles()).indexOf(earlier.title));
    await post({ intent: "toggle-featured", id: later.id });
    for (const event of [later, earlier]) await post({ intent: "unpublish", id: event.id });
  });

  it("answers an unknown intent with 400 and a missing event with 404", async () => {
    expect((await post({ intent: "explode", id: "x" })).status).toBe(400);
    // The old model's intents are gone: there is no order to move, no second flag to toggle.
    for (const intent of ["move-up", "move-down", "toggle-status", "hide", "delete-permanently"]) expect((await post({ intent, id: "x" })).status, intent).toBe(400);
    expect((await post({ intent: "toggle-featured", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });
});
