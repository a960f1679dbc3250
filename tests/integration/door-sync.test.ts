import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoorList, DoorSyncAnswer, DoorTap } from "#app/modules/reservations/check-in/door-sync";
import { ticketCode } from "#app/modules/reservations/tickets/ticket-code.server";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * The door phone's endpoints over HTTP against the production build (docs/decisions/067): the
 * door list with its ETag, the sync applied once however often it is sent, two phones converging
 * on one ticket, a walk-in into a full event, ticket lookups, and who may. Runs on the embedded
 * database, and on PostgreSQL with DATABASE_URL (where the test also reads ticket references from
 * the server's database to make real codes; on the embedded one the use-case tests cover those).
 */
describe("the door phone's sync over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const secret = `door-sync-secret-${stamp}-of-at-least-32-characters`;
  const admin = `sync-admin-${stamp}@example.com`;
  const usher = `sync-usher-${stamp}@example.com`;
  const member = `sync-guest-${stamp}@example.com`;
  const cookies: Record<"admin" | "usher" | "member", string> = { admin: "", usher: "", member: "" };
  const events = { yoga: "", candlelight: "", draft: "" };

  async function findEvent(title: string) {
    const html = await (await fetch(`${server.url}/admin/eventmanagement`, { headers: { Cookie: cookies.admin } })).text();
    const start = html.indexOf(`aria-label="${title}"`);
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(html.slice(start, html.indexOf("</tr>", start)))?.[1];
    if (start < 0 || !id) throw new Error(`No id for ${title}`);
    const listing = await (await fetch(`${server.url}/events`)).text();
    const slug = new RegExp(`href="/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)"`).exec(listing)?.[1];
    return { id, slug };
  }
  const form = (path: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "true", RATE_LIMIT_MULTIPLIER: "50", ADMIN_EMAILS: admin, EVENT_STAFF_EMAILS: usher, AUTH_SECRET: secret }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
    cookies.member = await signInOverHttp(server.url, sink, member);
    const yoga = await findEvent("Candlelight Yoga with Live Piano");
    const candlelight = await findEvent("Candlelight Piano Meditation");
    events.yoga = yoga.id;
    events.candlelight = candlelight.id;
    for (const [slug, name, seats] of [
      [yoga.slug, "Ana Lopez", "1"],
      [yoga.slug, "Bruno Diaz", "3"],
      [yoga.slug, "Gone Guest", "1"],
      [candlelight.slug, "Dana Other", "2"],
    ] as const) {
      const reserved = await form(`/events/${slug}/reserve`, { name, email: `${name.split(" ")[0]!.toLowerCase()}-${stamp}@example.com`, phone: "", seats });
      expect(reserved.status).toBe(200);
    }
    // A draft: outside event staff's scope.
    const title = `Sync draft ${stamp}`;
    const created = await form("/admin/eventmanagement", { intent: "create", title, image: "/media/images/event-garden.svg", date: "2031-05-14", time: "19:00", description: "Sample.", location: "Hall", maxSeats: "10" }, cookies.admin);
    expect(created.status).toBe(200);
    events.draft = (await findEvent(title)).id;
  }, 240_000);
  afterAll(() => stopServerWithMail(server, sink));

  const listPath = (eventId: string) => `/api/check-in/${eventId}`;
  const getList = (eventId: string, cookie: string, headers: Record<string, string> = {}) => fetch(`${server.url}${listPath(eventId)}`, { headers: { ...(cookie ? { Cookie: cookie } : {}), ...headers } });
  const postJson = (path: string, body: string, cookie: string) =>
    fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) }, body });
  async function sync(eventId: string, taps: DoorTap[], cookie = cookies.usher): Promise<DoorSyncAnswer> {
    const response = await postJson(`${listPath(eventId)}/sync`, JSON.stringify({ taps }), cookie);
    const body = await response.text();
    expect(response.status, body).toBe(200);
    return JSON.parse(body) as DoorSyncAnswer;
  }
  async function list(eventId: string): Promise<DoorList> {
    const response = await getList(eventId, cookies.usher);
    expect(response.status).toBe(200);
    return (await response.json()) as DoorList;
  }
  const guestNamed = async (eventId: string, name: string) => (await list(eventId)).guests.find((guest) => guest.name === name)!;
  const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const arrive = (reservationId: string, at: string, seats = 1): DoorTap => ({ id: crypto.randomUUID(), kind: "arrive", reservationId, seats, at });

  it("gives event staff the door list, uncached, and 304 while nothing changed", async () => {
    const response = await getList(events.yoga, cookies.usher);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const door = (await response.json()) as DoorList;
    expect(door.guests.map((guest) => guest.name)).toEqual(expect.arrayContaining(["Ana Lopez", "Bruno Diaz", "Gone Guest"]));
    expect(door.guests.every((guest) => /^[0-9a-f]{64}$/.test(guest.ticketHash))).toBe(true);
    expect(door.event).toMatchObject({ id: events.yoga, title: "Candlelight Yoga with Live Piano" });
    const etag = response.headers.get("etag")!;
    // Compressed answers carry it weak (W/"…"); the comparison ignores that.
    expect(etag).toMatch(/^(?:W\/)?"[\w-]+"$/);
    const again = await getList(events.yoga, cookies.usher, { "If-None-Match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    await sync(events.yoga, [arrive((await guestNamed(events.yoga, "Bruno Diaz")).reservationId, ago(30))]);
    const changed = await getList(events.yoga, cookies.usher, { "If-None-Match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("applies a sync sent twice once: the second answers the same and changes nothing", async () => {
    const bruno = (await guestNamed(events.yoga, "Bruno Diaz")).reservationId;
    const taps = [arrive(bruno, ago(20)), arrive(bruno, ago(19), 5), { ...arrive(bruno, ago(18)), kind: "undo" as const }];
    const first = await sync(events.yoga, taps);
    expect(first.taps.map((tap) => tap.outcome)).toEqual(["applied", "applied", "applied"]);
    const second = await sync(events.yoga, taps);
    expect(second.taps).toEqual(first.taps);
    const after = second.list.guests.find((guest) => guest.reservationId === bruno)!;
    expect(after).toMatchObject({ seats: 3, arrivedSeats: 2 });
    // Bruno's first seat arrived by the first test's tap, 30 minutes ago.
    expect(after.firstArrival).toMatchObject({ by: usher });
  });

  it("converges two phones checking in one ticket: once, with the earliest tap and its person", async () => {
    const ana = (await guestNamed(events.yoga, "Ana Lopez")).reservationId;
    // Interleaved: the usher's phone syncs its later tap first, then the admin's earlier one arrives.
    const later = await sync(events.yoga, [arrive(ana, ago(5))], cookies.usher);
    expect(later.taps[0]!.outcome).toBe("applied");
    const earliest = ago(8);
    const earlier = await sync(events.yoga, [arrive(ana, earliest)], cookies.admin);
    expect(earlier.taps[0]!.outcome).toBe("unchanged");
    const guest = earlier.list.guests.find((row) => row.reservationId === ana)!;
    expect(guest).toMatchObject({ arrivedSeats: 1, firstArrival: { at: earliest, by: admin } });
  });

  it("converges concurrent syncs of the same taps from two phones", async () => {
    const dana = (await guestNamed(events.candlelight, "Dana Other")).reservationId;
    const shared = arrive(dana, ago(4));
    const phoneA = [shared, arrive(dana, ago(3)), arrive(dana, ago(2))];
    const phoneB = [shared, arrive(dana, ago(6)), arrive(dana, ago(1))];
    const answers = await Promise.all([
      postJson(`${listPath(events.candlelight)}/sync`, JSON.stringify({ taps: phoneA }), cookies.usher),
      postJson(`${listPath(events.candlelight)}/sync`, JSON.stringify({ taps: phoneB }), cookies.admin),
      postJson(`${listPath(events.candlelight)}/sync`, JSON.stringify({ taps: phoneA }), cookies.usher),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const [a, b, aAgain] = (await Promise.all(answers.map((answer) => answer.json()))) as DoorSyncAnswer[];
    expect(aAgain!.taps).toEqual(a!.taps);
    expect(a!.taps[0]).toEqual(b!.taps[0]);
    const guest = await guestNamed(events.candlelight, "Dana Other");
    expect(guest.arrivedSeats).toBe(2);
    expect(guest.firstArrival).toMatchObject({ by: admin });
    expect(Math.abs(Date.parse(guest.firstArrival!.at) - Date.parse(ago(6)))).toBeLessThan(60_000);
    // Applied: the shared tap once, then one more; the rest found every seat arrived.
    const applied = [...a!.taps, ...b!.taps.slice(1)].filter((tap) => tap.outcome === "applied");
    expect(applied).toHaveLength(2);
  });

  it("records a walk-in synced into a full event, once, and marks the event over capacity for staff", async () => {
    const before = await list(events.yoga);
    const full = await form("/admin/eventreservations", { intent: "set-max-seats", eventId: events.yoga, maxSeats: String(before.seatsTaken) }, cookies.admin);
    expect(full.status).toBe(200);
    const localId = crypto.randomUUID();
    const walkIn: DoorTap = { id: localId, kind: "walk-in", reservationId: localId, seats: 2, at: ago(1), name: "Walker Late" };
    const undo: DoorTap = { id: crypto.randomUUID(), kind: "undo", reservationId: localId, at: ago(0) };
    const first = await sync(events.yoga, [walkIn, undo]);
    expect(first.taps.map((tap) => tap.outcome)).toEqual(["applied", "applied"]);
    expect(first.taps[0]!.message).toContain(`Over capacity: ${before.seatsTaken + 2} seats for ${before.seatsTaken}.`);
    const again = await sync(events.yoga, [walkIn, undo]);
    expect(again.taps).toEqual(first.taps);
    expect(again.list.guests.filter((guest) => guest.name === "Walker Late")).toEqual([expect.objectContaining({ seats: 2, arrivedSeats: 1 })]);
    expect(again.list).toMatchObject({ overCapacity: true, seatsTaken: before.seatsTaken + 2, event: { maxSeats: before.seatsTaken } });
    const page = (await (await fetch(`${server.url}/admin/eventreservations`, { headers: { Cookie: cookies.admin } })).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`Over capacity: ${before.seatsTaken + 2} seats for ${before.seatsTaken}`);
    // Nobody else gets a seat past max seats: a staff-added guest is refused.
    const added = await form("/admin/eventreservations", { intent: "add-guest", eventId: events.yoga, name: "One More", seats: "1" }, cookies.admin);
    expect(added.status).toBe(400);
  });

  it("names a forged or altered ticket code as not one of ours", async () => {
    const lookup = (code: string) => postJson(`${listPath(events.yoga)}/ticket`, JSON.stringify({ code }), cookies.usher);
    const forged = await lookup(ticketCode("another-secret-entirely", "0123456789ab"));
    expect(forged.status).toBe(200);
    expect(await forged.json()).toEqual({ kind: "unknown" });
    expect(await (await lookup("not a code")).json()).toEqual({ kind: "unknown" });
    const bad = await postJson(`${listPath(events.yoga)}/ticket`, JSON.stringify({ code: 7 }), cookies.usher);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("code");
  });

  it.runIf(process.env.DATABASE_URL)("names this event's guest, another event's ticket and a cancelled reservation's (PostgreSQL: real codes)", async () => {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    const refs = new Map<string, string>();
    try {
      const rows = await client.query<{ id: string; ticket_ref: string }>("SELECT id::text, ticket_ref FROM reservations");
      for (const row of rows.rows) refs.set(row.id, row.ticket_ref);
    } finally {
      await client.end();
    }
    const codeOf = (id: string) => ticketCode(secret, refs.get(id)!);
    const lookup = async (code: string) => (await postJson(`${listPath(events.yoga)}/ticket`, JSON.stringify({ code }), cookies.usher)).json();
    const ana = (await guestNamed(events.yoga, "Ana Lopez")).reservationId;
    expect(await lookup(codeOf(ana))).toEqual({ kind: "guest", reservationId: ana });
    const code = codeOf(ana);
    expect(await lookup(`${code.slice(0, 15)}${code[15] === "0" ? "1" : "0"}`)).toEqual({ kind: "unknown" });
    const dana = (await guestNamed(events.candlelight, "Dana Other")).reservationId;
    expect(await lookup(codeOf(dana))).toMatchObject({ kind: "other-event", eventTitle: "Candlelight Piano Meditation", when: expect.stringMatching(/\d{4}, \d{1,2}:\d{2} [AP]M$/) });
    const gone = (await guestNamed(events.yoga, "Gone Guest")).reservationId;
    const deleted = await form("/admin/eventreservations", { intent: "delete-reservation", eventId: events.yoga, reservationId: gone }, cookies.admin);
    expect(deleted.status).toBe(200);
    expect(await lookup(codeOf(gone))).toEqual({ kind: "cancelled" });
  });

  it("refuses a visitor (401), a member (403) and event staff at an event not theirs (403), as JSON", async () => {
    for (const path of [listPath(events.yoga), `${listPath(events.yoga)}/sync`, `${listPath(events.yoga)}/ticket`]) {
      const visitor = path.endsWith(events.yoga) ? await getList(events.yoga, "") : await postJson(path, JSON.stringify({ taps: [] }), "");
      expect(visitor.status, path).toBe(401);
      expect(await visitor.json()).toHaveProperty("error");
      const guest = path.endsWith(events.yoga) ? await getList(events.yoga, cookies.member) : await postJson(path, JSON.stringify({ taps: [] }), cookies.member);
      expect(guest.status, path).toBe(403);
    }
    expect((await getList(events.draft, cookies.usher)).status).toBe(403);
    expect((await postJson(`${listPath(events.draft)}/sync`, JSON.stringify({ taps: [] }), cookies.usher)).status).toBe(403);
    expect((await postJson(`${listPath(events.draft)}/ticket`, JSON.stringify({ code: "x" }), cookies.usher)).status).toBe(403);
    // The admin may.
    expect((await getList(events.draft, cookies.admin)).status).toBe(200);
    expect((await getList(crypto.randomUUID(), cookies.usher)).status).toBe(404);
  });

  it("answers a body that is not JSON, not the contract, or too large with 4xx and a message", async () => {
    const path = `${listPath(events.yoga)}/sync`;
    const notJson = await postJson(path, "{taps:", cookies.usher);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "The request body must be valid JSON." });
    const wrong = await postJson(path, JSON.stringify({ taps: [{ id: "x", kind: "dance" }] }), cookies.usher);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toContain("taps.0");
    const tooMany = await postJson(path, JSON.stringify({ taps: Array.from({ length: 201 }, () => arrive(crypto.randomUUID(), ago(1))) }), cookies.usher);
    expect(tooMany.status).toBe(400);
    const huge = await postJson(path, JSON.stringify({ taps: [], padding: "x".repeat(300 * 1024) }), cookies.usher);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: string }).error).toContain("too large");
    expect((await fetch(`${server.url}${path}`, { headers: { Cookie: cookies.usher } })).status).toBe(405);
  });
});
