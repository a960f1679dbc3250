import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInMessages } from "#app/modules/reservations/check-in/check-in";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * Check-in at the door over HTTP, as two staff devices without JavaScript post it, against the
 * production build: simultaneous taps on one reservation from two sessions all count up to its
 * seats and never past them; undo; who may; what is refused. Runs on the embedded database, and on
 * PostgreSQL with DATABASE_URL.
 */
describe("check-in at the door over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `door-admin-${stamp}@example.com`;
  const usher = `door-usher-${stamp}@example.com`;
  const member = `door-guest-${stamp}@example.com`;
  const cookies: Record<"admin" | "usher" | "member", string> = { admin: "", usher: "", member: "" };
  const events: Record<"yoga" | "candlelight", { id: string; slug: string }> = { yoga: { id: "", slug: "" }, candlelight: { id: "", slug: "" } };

  /** An event's id from its row on the events admin page, and its slug from the public listing. */
  async function findEvent(title: string) {
    const admin = await get("/admin/eventmanagement", cookies.admin).then((answer) => answer.html);
    const start = admin.indexOf(`aria-label="${title}"`);
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(admin.slice(start, admin.indexOf("</tr>", start)))?.[1];
    const listing = await get("/events").then((answer) => answer.html);
    const slug = new RegExp(`href="/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)"`).exec(listing)?.[1];
    if (!id || !slug) throw new Error(`No id or slug for ${title}`);
    return { id, slug };
  }

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "true", RATE_LIMIT_MULTIPLIER: "50", ADMIN_EMAILS: admin, EVENT_STAFF_EMAILS: usher }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
    cookies.member = await signInOverHttp(server.url, sink, member);
    events.yoga = await findEvent("Candlelight Yoga with Live Piano");
    events.candlelight = await findEvent("Candlelight Piano Meditation");
    for (const [name, email, seats] of [
      ["Ana Lopez", `ana-${stamp}@example.com`, "10"],
      ["Bruno Diaz", `bruno-${stamp}@example.com`, "10"],
      ["Chen Wei", `chen-${stamp}@example.com`, "3"],
    ] as const) {
      const reserved = await post(`/events/${events.yoga.slug}/reserve`, { name, email, phone: "+1 619 555 0100", seats });
      expect(reserved.status, reserved.html.slice(0, 300)).toBe(200);
    }
    const other = await post(`/events/${events.candlelight.slug}/reserve`, { name: "Dana Other", email: `dana-${stamp}@example.com`, phone: "", seats: "2" });
    expect(other.status).toBe(200);
  }, 240_000);
  afterAll(() => stopServerWithMail(server, sink));

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }).then(async (response) => ({ status: response.status, html: await response.text() }));
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }).then(async (response) => ({ status: response.status, html: await response.text() }));

  const pageOf = (event: { id: string }) => `/admin/eventreservations/${event.id}/check-in`;
  /** React writes `<!-- -->` between adjacent text parts; the tests read the text without them. */
  const text = (html: string) => html.replace(/<!-- -->/g, "");
  async function reservationIdOf(name: string, event = events.yoga) {
    const html = (await get(pageOf(event), cookies.usher)).html;
    const id = new RegExp(`id="guest-([0-9a-f-]{36})"[^>]*>${name}<`).exec(html)?.[1];
    if (!id) throw new Error(`No check-in row for ${name}`);
    return id;
  }
  async function arrivedOf(name: string) {
    const html = text((await get(pageOf(events.yoga), cookies.usher)).html);
    const row = html.slice(html.indexOf(`>${name}<`));
    const arrived = /(\d+) of (\d+) seats? arrived/.exec(row);
    if (!arrived) throw new Error(`No count for ${name}`);
    return Number(arrived[1]);
  }
  const tap = (reservationId: string, intent: string, cookie: string, event: { id: string } = events.yoga) => post(pageOf(event), { intent, reservationId }, cookie);

  it("lists the guests with their seats and the counts, and searches without JavaScript", async () => {
    const page = await get(pageOf(events.yoga), cookies.usher);
    expect(page.status).toBe(200);
    const html = text(page.html);
    for (const name of ["Ana Lopez", "Bruno Diaz", "Chen Wei"]) expect(html).toContain(name);
    expect(html).toContain(`ana-${stamp}@example.com`);
    expect(html).toContain("Mark 1 seat arrived<span class=\"sr-only\"> for Ana Lopez</span>");
    expect(html).toContain("Print guest list");
    expect(html).not.toContain("Dana Other");

    // The GET form's answer: the matching guest shown, the others in the page but hidden.
    const searched = text((await get(`${pageOf(events.yoga)}?q=${encodeURIComponent("chen")}`, cookies.usher)).html);
    const shown = (name: string) => !new RegExp(`<li[^>]*hidden=""[^>]*>(?:(?!</li>).)*>${name}<`, "s").test(searched);
    expect(shown("Chen Wei")).toBe(true);
    expect(shown("Ana Lopez")).toBe(false);
    expect(searched).toContain('value="chen"');
  });

  it("counts every simultaneous tap from two staff up to the reservation's seats, and none past them", async () => {
    const ana = await reservationIdOf("Ana Lopez");
    const bruno = await reservationIdOf("Bruno Diaz");
    // Bruno's ten seats get seven taps, Ana's ten get sixteen, half from each device, all at once.
    const taps = await Promise.all([
      ...Array.from({ length: 16 }, (_, index) => tap(ana, "arrive-one", index % 2 ? cookies.admin : cookies.usher)),
      ...Array.from({ length: 7 }, (_, index) => tap(bruno, "arrive-one", index % 2 ? cookies.admin : cookies.usher)),
    ]);
    const anaTaps = taps.slice(0, 16);
    expect(anaTaps.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(anaTaps.filter((answer) => answer.status === 409)).toHaveLength(6);
    expect(anaTaps.find((answer) => answer.status === 409)!.html).toContain("All 10 seats of Ana Lopez have already arrived.");
    expect(taps.slice(16).every((answer) => answer.status === 200)).toBe(true);
    expect(await arrivedOf("Ana Lopez")).toBe(10);
    expect(await arrivedOf("Bruno Diaz")).toBe(7);

    const html = text((await get(pageOf(events.yoga), cookies.admin)).html);
    expect(html).toContain("17 of 23 seats arrived, 2 of 3 guests.");
  });

  it("marks a whole group at once and undoes one seat at a time, down to none", async () => {
    const chen = await reservationIdOf("Chen Wei");
    const all = await tap(chen, "arrive-all", cookies.usher);
    expect(all.status).toBe(200);
    expect(all.html).toContain("Chen Wei: all 3 seats arrived.");
    const undone = await Promise.all([tap(chen, "undo", cookies.usher), tap(chen, "undo", cookies.admin)]);
    expect(undone.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await arrivedOf("Chen Wei")).toBe(1);
    expect((await tap(chen, "undo", cookies.usher)).status).toBe(200);
    const nothing = await tap(chen, "undo", cookies.usher);
    expect(nothing.status).toBe(409);
    expect(nothing.html).toContain("No arrival to undo for Chen Wei.");
    expect(await arrivedOf("Chen Wei")).toBe(0);
  });

  it("refuses a visitor (401) and a member (403), to the page and to a tap", async () => {
    const chen = await reservationIdOf("Chen Wei");
    expect((await get(pageOf(events.yoga))).status).toBe(401);
    expect((await get(pageOf(events.yoga), cookies.member)).status).toBe(403);
    expect((await tap(chen, "arrive-one", "")).status).toBe(401);
    expect((await tap(chen, "arrive-one", cookies.member)).status).toBe(403);
    expect(await arrivedOf("Chen Wei")).toBe(0);
  });

  it("refuses an unknown guest, another event's guest, an unknown tap and an unknown event, changing nothing", async () => {
    const chen = await reservationIdOf("Chen Wei");
    const dana = await reservationIdOf("Dana Other", events.candlelight);
    const guestNotFound = checkInMessages.guestNotFound.replace(/'/g, "&#x27;");

    const unknown = await tap(crypto.randomUUID(), "arrive-one", cookies.usher);
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(guestNotFound);
    const otherEvent = await tap(dana, "arrive-one", cookies.usher);
    expect(otherEvent.status).toBe(404);
    expect(otherEvent.html).toContain(guestNotFound);
    expect((await tap("not-a-reservation", "arrive-one", cookies.usher)).status).toBe(404);
    const unknownTap = await tap(chen, "arrive-twice", cookies.usher);
    expect(unknownTap.status).toBe(400);
    expect(unknownTap.html).toContain(checkInMessages.unknownAction);
    expect((await post(pageOf(events.yoga), {}, cookies.usher)).status).toBe(400);

    expect((await get(`/admin/eventreservations/${crypto.randomUUID()}/check-in`, cookies.usher)).status).toBe(404);
    expect((await get("/admin/eventreservations/nonsense/check-in", cookies.usher)).status).toBe(404);
    expect((await tap(chen, "arrive-one", cookies.usher, { id: "nonsense" })).status).toBe(404);
    expect((await tap(chen, "arrive-one", cookies.usher, { id: crypto.randomUUID() })).status).toBe(404);

    expect(await arrivedOf("Chen Wei")).toBe(0);
    const candlelight = text((await get(pageOf(events.candlelight), cookies.usher)).html);
    expect(candlelight).toMatch(/Dana Other(?:(?!<\/li>).)*0 of 2 seats arrived/s);
  });

  it("writes one activity entry per tap", async () => {
    const html = text((await get("/admin/activity?kind=reservation.checked-in", cookies.admin)).html);
    // Ana 10, Bruno 7, Chen 1 (all three at once).
    expect(/newest first \((\d+)\)/.exec(html)?.[1]).toBe("18");
    const undone = text((await get("/admin/activity?kind=reservation.check-in-undone", cookies.admin)).html);
    expect(/newest first \((\d+)\)/.exec(undone)?.[1]).toBe("3");
  });
});
