import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/lib/db.server";
import { siteConfig } from "~/lib/site-config";
import { eventFormMessages } from "~/modules/events/event-form";
import { eventFailures, eventToasts } from "~/modules/events/event-management-messages";
import { slugForEvent } from "~/modules/events/event-slug";
import { venueDateTimeToInstant } from "~/modules/events/event-venue-time";
import { events } from "../../db/schema";
import { signInOverHttp } from "../support/http-session";
import { SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * Event management over HTTP, as a browser without JavaScript posts it: the server's validation,
 * each action's rules and its effect on the public pages, the activity log, and the display order
 * staying 1..n while two admins move events at once.
 */
describe("event management over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let stopped = false;
  const onPostgres = Boolean(process.env.DATABASE_URL);
  // On the embedded database the test reads the server's data directory after it stops.
  const dataDir = onPostgres ? undefined : mkdtempSync(path.join(tmpdir(), "harmonia-events-"));
  const stamp = Date.now().toString(36);
  const admins = [`events-a-${stamp}@example.com`, `events-b-${stamp}@example.com`];
  const cookies: string[] = [];

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    server = await startTestServer({ SMTP_URL: sink.url, ADMIN_EMAILS: admins.join(","), RATE_LIMIT_MULTIPLIER: "50", ...(dataDir ? { DATA_DIR: dataDir } : {}) });
    for (const email of admins) cookies.push(await signInOverHttp(server.url, sink, email));
  }, 120_000);
  afterAll(async () => {
    if (!stopped) await server?.stop();
    await sink?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

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
  const adminPage = async () => (await get("/admin/eventmanagement", cookies[0])).text();

  /** The id and position of an event, read from its row on the admin page. */
  async function rowOf(title: string): Promise<{ id: string; position: number; html: string }> {
    const html = await adminPage();
    const start = html.indexOf(`aria-label="${title}"`);
    if (start < 0) throw new Error(`No row for ${title}`);
    const row = html.slice(start, html.indexOf("</tr>", start));
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1];
    const position = /data-label="Position">(\d+)</.exec(row)?.[1];
    if (!id || !position) throw new Error(`Row of ${title} has no id or position`);
    return { id, position: Number(position), html: row };
  }

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

  it("creates a draft the public does not see; publishing shows it at once, deleting hides it, restoring brings it back", async () => {
    const event = await create(`Lifecycle Evening ${stamp}`, { maxSeats: "" });
    expect(event.html).toContain("Draft");
    expect(await onEvents(event.title)).toBe(false);
    expect(await eventPageStatus(event.slug)).toBe(404);

    expect((await post({ intent: "toggle-status", id: event.id })).html).toContain(eventToasts.status);
    expect(await onEvents(event.title)).toBe(true);
    expect(await eventPageStatus(event.slug)).toBe(200);
    expect(await (await get("/sitemap.xml")).text()).toContain(`/events/${event.slug}`);

    const hidden = await activityCount("event.hidden");
    expect((await post({ intent: "hide", id: event.id })).html).toContain(eventToasts.hidden);
    expect(await onEvents(event.title)).toBe(false);
    expect(await eventPageStatus(event.slug)).toBe(404);
    expect(await (await get("/sitemap.xml")).text()).not.toContain(`/events/${event.slug}`);
    expect(await activityCount("event.hidden")).toBe(hidden + 1);

    // Deleting twice is refused, and nothing more is logged.
    const again = await post({ intent: "hide", id: event.id });
    expect(again.status).toBe(409);
    expect(again.html).toContain(eventFailures.hide);
    expect(await activityCount("event.hidden")).toBe(hidden + 1);

    expect((await post({ intent: "restore", id: event.id })).html).toContain(eventToasts.restored);
    expect(await eventPageStatus(event.slug)).toBe(200);
    expect((await post({ intent: "toggle-status", id: event.id })).html).toContain(eventToasts.status);
    expect(await eventPageStatus(event.slug)).toBe(404);
  });

  it("permanently deletes only an inactive event, with its reservations", async () => {
    const event = await create(`Farewell Evening ${stamp}`, { maxSeats: "20" });
    await post({ intent: "toggle-status", id: event.id });
    const reserved = await fetch(`${server.url}/events/${event.slug}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams({ name: "Ada Lovelace", email: `ada-${stamp}@example.com`, phone: "6195550100", seats: "3" }),
    });
    expect(reserved.status).toBe(200);
    expect((await rowOf(event.title)).html).toContain("3 / 20");

    const refused = await post({ intent: "delete-permanently", id: event.id });
    expect(refused.status).toBe(409);
    expect(refused.html).toContain(eventFailures.deletePermanently);

    await post({ intent: "hide", id: event.id });
    const confirmPage = await (await get(`/admin/eventmanagement?confirmDelete=${event.id}`, cookies[0])).text();
    expect(confirmPage).toContain("and its <!-- -->1<!-- --> <!-- -->reservation<!-- --> will be deleted. This cannot be undone.");
    const deletedBefore = await activityCount("event.deleted-permanently");
    const deleted = await post({ intent: "delete-permanently", id: event.id });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain(eventToasts.deletedPermanently);
    expect(deleted.html).not.toContain(`aria-label="${event.title}"`);
    expect(await eventPageStatus(event.slug)).toBe(404);
    expect(await activityCount("event.deleted-permanently")).toBe(deletedBefore + 1);
    expect((await post({ intent: "restore", id: event.id })).status).toBe(404);
  });

  it("never lowers max seats below the seats already reserved, and logs only the fields an edit changed", async () => {
    const event = await create(`Seats Evening ${stamp}`, { maxSeats: "10" });
    await post({ intent: "toggle-status", id: event.id });
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
    expect(log).toContain("maxSeats: 10 → 4");
    expect(log).toContain("location: Test Garden → Moved Garden");
    expect(log).not.toContain("description: ");
  });

  it("gives a placement to one event only, taking it from the one that had it", async () => {
    const first = await create(`VIP One ${stamp}`, { placement: "vip" });
    const second = await create(`VIP Two ${stamp}`, { placement: "vip" });
    expect((await rowOf(second.title)).html).toContain(">VIP<");
    expect((await rowOf(first.title)).html).not.toContain(">VIP<");
  });

  it("duplicates an event directly below itself as an inactive draft, and features by toggle", async () => {
    const original = await create(`Original Evening ${stamp}`);
    const below = await create(`Below Evening ${stamp}`);
    expect(below.position).toBe(original.position + 1);
    const answer = await post({ intent: "duplicate", id: original.id });
    expect(answer.html).toContain(eventToasts.duplicated);
    const copy = await rowOf(`Original Evening ${stamp} (copy)`);
    expect(copy.position).toBe(original.position + 1);
    expect(copy.html).toContain("Draft");
    expect(copy.html).toContain("Inactive");
    expect((await rowOf(below.title)).position).toBe(original.position + 2);

    expect((await post({ intent: "toggle-featured", id: original.id })).html).toContain(eventToasts.featured);
    expect((await rowOf(original.title)).html).toContain('aria-pressed="true"');
  });

  it("answers an unknown intent with 400 and a missing event with 404", async () => {
    expect((await post({ intent: "explode", id: "x" })).status).toBe(400);
    expect((await post({ intent: "toggle-featured", id: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
  });

  it("keeps the display order 1..n while two admins move events at once; the ends refuse to move out", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index += 1) ids.push((await create(`Race ${index} ${stamp}`)).id);
    const html = await adminPage();
    const allIds = [...html.matchAll(/name="id" value="([0-9a-f-]{36})"/g)].map((match) => match[1]!);
    const unique = [...new Set(allIds)];
    const firstId = unique[0]!;
    const lastId = unique.at(-1)!;

    const up = await post({ intent: "move-up", id: firstId });
    expect(up.status).toBe(409);
    expect(up.html).toContain(eventFailures.moveUp);
    const down = await post({ intent: "move-down", id: lastId });
    expect(down.status).toBe(409);
    expect(down.html).toContain(eventFailures.moveDown);

    const movedBefore = await activityCount("event.moved");
    const moves = Array.from({ length: 40 }, (_, index) => ({
      intent: index % 3 === 0 ? "move-down" : "move-up",
      id: [...ids, firstId, lastId][index % 6]!,
      cookie: cookies[index % 2]!,
    }));
    const answers = await Promise.all(moves.map((move) => post({ intent: move.intent, id: move.id }, move.cookie)));
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const succeeded = answers.filter((answer) => answer.status === 200).length;
    expect(succeeded).toBeGreaterThan(20);
    // One log line per move that happened, none for a refused one.
    expect(await activityCount("event.moved")).toBe(movedBefore + succeeded);

    let handle;
    if (onPostgres) {
      handle = await openDatabase({ databaseUrl: server.databaseUrl });
    } else {
      await server.stop();
      stopped = true;
      handle = await openDatabase({ dataDir: dataDir! });
    }
    try {
      const rows = await handle.db.select({ order: events.displayOrder }).from(events).orderBy(asc(events.displayOrder));
      expect(rows.map((row) => row.order)).toEqual(rows.map((_, index) => index + 1));
      const [count] = await handle.db.select({ total: sql<number>`count(*)` }).from(events);
      expect(Number(count?.total)).toBe(unique.length);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
