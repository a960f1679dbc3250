import type { RouteConfigEntry } from "@react-router/dev/routes";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "#app/routes";
import { can, staffHomePath, type Action } from "#app/modules/access/policy";
import type { Role } from "#app/modules/access/roles";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * The authorisation matrix, generated from the route table: every page under /admin must name the
 * policy action that guards it here (a new staff page without an entry fails this test), and each
 * person is let in exactly when `can(person, action)` says so.
 */
const guardOf: Record<string, Action> = {
  "/admin": "open-dashboard",
  // Admins only (issue 34): it was open to every signed-in member.
  "/admin/setup": "view-system-details",
  "/admin/communications": "send-communications",
  "/admin/communications/import": "send-communications",
  "/admin/eventreservations": "manage-reservations",
  "/admin/eventreservations/:eventId/check-in": "manage-reservations",
  // The installed door app's start (decision 068): on to the door's check-in page.
  "/admin/eventreservations/door": "manage-reservations",
  "/admin/eventmanagement": "manage-events",
  "/admin/activity": "view-activity",
  "/admin/export/:list": "open-dashboard",
  "/admin/eventreservations/:eventId/guests.csv": "manage-reservations",
  "/admin/communications/campaigns/:campaignId": "send-communications",
  "/admin/communications/campaigns/:campaignId/results.csv": "send-communications",
  "/admin/communications/deliverability": "manage-suppressions",
  "/admin/communications/deliverability.csv": "manage-suppressions",
};

/**
 * Pages that send staff who may not open them on to where their own work starts (policy
 * `staffHomePath`) instead of refusing them: the dashboard, for event staff.
 */
const sendsStaffHome = new Set(["/admin"]);

/** Pages that are only a way on: whom they let in is redirected (the door app's start, to a check-in page or the reservations page). */
const redirectsWhomItLetsIn = new Set(["/admin/eventreservations/door"]);

/**
 * A sample value for each route parameter of a staff path, so the request reaches the route's
 * guard and, for whom it lets in, the page itself; `eventId` is an event made in beforeAll.
 */
const sampleParams: Record<string, string> = { list: "community" };

function urlOf(path: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = sampleParams[name];
    if (!value) throw new Error(`No sample value for :${name} in ${path}: add one to sampleParams`);
    return value;
  });
}

/**
 * Staff pages with an action (form posts), by the policy action that guards it. A page whose
 * route module gains an action without an entry here fails the test: a page without one
 * answers every post 405, and with one it no longer does.
 */
const postGuardOf: Record<string, Action> = {
  "/admin/eventmanagement": "manage-events",
  "/admin/eventreservations": "manage-reservations",
  "/admin": "open-dashboard",
  "/admin/communications": "send-communications",
  "/admin/eventreservations/:eventId/check-in": "manage-reservations",
  "/admin/communications/import": "send-communications",
  "/admin/communications/deliverability": "manage-suppressions",
  // Remove demo content (docs/decisions/052).
  "/admin/setup": "remove-demo-content",
};

/**
 * Staff actions posted to a page as an `intent`, whose policy action is not the page's own (the
 * dashboard's invitation tools are communications): each is refused to whom that action refuses.
 */
const intentGuardOf: { path: string; intent: string; action: Action; fields: Record<string, string> }[] = [
  { path: "/admin?index", intent: "resend-invitation", action: "send-communications", fields: { id: "00000000-0000-4000-8000-000000000000" } },
  { path: "/admin?index", intent: "revoke-invitation", action: "send-communications", fields: { id: "00000000-0000-4000-8000-000000000000" } },
  { path: "/admin?index", intent: "send-friend-invitation", action: "send-communications", fields: { name: "", email: "" } },
  { path: "/admin/communications/import", intent: "confirm", action: "send-communications", fields: { importId: "00000000-0000-4000-8000-000000000000" } },
  // The invitation's words on an import's preview (issue 24, item 15).
  { path: "/admin/communications/import", intent: "wording", action: "send-communications", fields: { importId: "00000000-0000-4000-8000-000000000000", subject: "S", intro: "I" } },
  // The reservations page is event staff's too, but what the public can book and deleting events are
  // admins'. It creates no events at all (decision 041): Events → New event is the one way.
  { path: "/admin/eventreservations", intent: "set-max-seats", action: "change-seat-limits", fields: { eventId: "00000000-0000-4000-8000-000000000000", maxSeats: "" } },
  { path: "/admin/eventreservations", intent: "delete-event", action: "delete-events", fields: { eventId: "00000000-0000-4000-8000-000000000000" } },
  // Guests by hand (decision 043): event staff's as much as admins'.
  { path: "/admin/eventreservations", intent: "add-guest", action: "manage-reservations", fields: { eventId: "00000000-0000-4000-8000-000000000000", name: "", seats: "1" } },
  { path: "/admin/eventreservations", intent: "edit-guest", action: "manage-reservations", fields: { reservationId: "00000000-0000-4000-8000-000000000000", name: "", seats: "1" } },
  // A guest's contribution (issue 37): recorded by whoever runs the door, refunded by admins only.
  { path: "/admin/eventreservations", intent: "record-contribution", action: "record-contributions", fields: { eventId: "00000000-0000-4000-8000-000000000000", reservationId: "00000000-0000-4000-8000-000000000000", method: "cash", amount: "" } },
  { path: "/admin/eventreservations", intent: "refund-contribution", action: "refund-contributions", fields: { eventId: "00000000-0000-4000-8000-000000000000", reservationId: "00000000-0000-4000-8000-000000000000", amount: "", reason: "R" } },
  // Mailing an event's guests: its review (the first press), its confirm and 'Change' back to the form.
  { path: "/admin/eventreservations", intent: "send-attendee-mail", action: "mail-event-attendees", fields: { eventId: "00000000-0000-4000-8000-000000000000", subject: "S", message: "M" } },
  { path: "/admin/eventreservations", intent: "send-attendee-mail", action: "mail-event-attendees", fields: { eventId: "00000000-0000-4000-8000-000000000000", subject: "S", message: "M", confirm: "1.1.x" } },
  { path: "/admin/eventreservations", intent: "change-attendee-mail", action: "mail-event-attendees", fields: { eventId: "00000000-0000-4000-8000-000000000000", subject: "S", message: "M" } },
];

/**
 * Staff JSON endpoints under /api, by the policy action that guards them. Each is posted an empty
 * object: a visitor gets 401, whom the policy refuses 403, whom it allows the endpoint's own answer
 * (400 for the missing fields), by cookie and by bearer token alike.
 */
const apiGuardOf: Record<string, Action> = {
  "/api/sendMagicLinksToCommunity": "send-communications",
  "/api/statsCommunity": "send-communications",
  // With an eventId it mails the event's guests (event staff too); with `to` only admins: see below.
  "/api/sendAnnouncement": "mail-event-attendees",
};

/**
 * The door phone's endpoints (docs/decisions/067), about one event (the sample event, in event
 * staff's scope): whom the policy allows gets the list (200), or 400 for the empty object posted
 * (no taps, no code); whom it refuses 403; a visitor 401. Always JSON, never a redirect.
 */
const doorApiGuardOf: Array<{ method: "GET" | "POST"; path: string; action: Action; allowed: number }> = [
  { method: "GET", path: "/api/check-in/:eventId", action: "manage-reservations", allowed: 200 },
  { method: "POST", path: "/api/check-in/:eventId/sync", action: "manage-reservations", allowed: 400 },
  { method: "POST", path: "/api/check-in/:eventId/ticket", action: "manage-reservations", allowed: 400 },
];

/**
 * The intents a staff page's action takes besides the probe: each is posted by everyone the
 * policy refuses, who must get 403 (never run by whom it allows: they would really send).
 */
const intentsOf: Record<string, string[]> = {
  "/admin/communications": ["send-sms", "send-sms-group", "change-sms-group", "send", "send-all", "change", "pause", "resume", "cancel", "retry"],
  "/admin/eventreservations": ["add-guest", "edit-guest", "record-contribution", "refund-contribution"],
  "/admin/eventreservations/:eventId/check-in": ["add-guest", "edit-guest", "arrive-one", "arrive-all", "undo", "paid-in-cash"],
  // Creating, publishing, archiving and deleting events are admins' (decision 041): each answered 403 to event staff.
  "/admin/setup": ["remove-demo"],
  "/admin/eventmanagement": ["create", "update", "publish", "unpublish", "archive", "restore", "delete-for-good", "duplicate", "toggle-featured"],
};

function pathsOf(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    // An index route under a prefix carries the prefix as its path ("admin" for the dashboard).
    const path = [parent, entry.path].filter(Boolean).join("/");
    return entry.children ? pathsOf(entry.children, path) : [`/${path}`.replace(/\/+$/, "") || "/"];
  });
}

const staffPaths = pathsOf(routes as RouteConfigEntry[]).filter((path) => path === "/admin" || path.startsWith("/admin/"));

describe("the authorisation matrix of the staff area", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const people: Record<Role, string> = {
    admin: `boss-${stamp}@example.com`,
    "event-staff": `usher-${stamp}@example.com`,
    member: `guest-${stamp}@example.com`,
  };
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: people.admin,
      EVENT_STAFF_EMAILS: people["event-staff"],
    }));
    for (const role of Object.keys(people) as Role[]) cookies[role] = await signInOverHttp(server.url, sink, people[role]);
    sampleParams.eventId = await createSampleEvent();
    sampleParams.campaignId = await createSampleCampaign();
  });
  afterAll(() => stopServerWithMail(server, sink));

  /** An event for the pages about one event, made and published by the admin as on the events page; its id from its row. */
  async function createSampleEvent(): Promise<string> {
    const title = `Matrix evening ${stamp}`;
    const created = await fetch(`${server.url}/admin/eventmanagement`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.admin! },
      body: new URLSearchParams({ intent: "create", title, image: "/media/images/event-garden.svg", date: "2031-05-14", time: "19:00", description: "Sample.", location: "Hall", maxSeats: "10" }),
    });
    if (created.status !== 200) throw new Error(`Creating the sample event failed: ${created.status}`);
    const html = await (await fetch(`${server.url}/admin/eventmanagement`, { headers: { Cookie: cookies.admin! } })).text();
    const row = html.slice(html.indexOf(`aria-label="${title}"`));
    const id = /name="id" value="([0-9a-f-]{36})"/.exec(row)?.[1];
    if (!id) throw new Error("The sample event has no row");
    // Published, so it is in event staff's scope: the pages about it are theirs (staff-scope.test.ts has drafts and archived events).
    const published = await fetch(`${server.url}/admin/eventmanagement`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies.admin! },
      body: new URLSearchParams({ intent: "publish", id }),
    });
    if (published.status !== 200) throw new Error(`Publishing the sample event failed: ${published.status}`);
    return id;
  }

  /** A campaign for the pages about one campaign: an announcement to one address, sent by the admin through the staff endpoint. */
  async function createSampleCampaign(): Promise<string> {
    const sent = await fetch(`${server.url}/api/sendAnnouncement`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/json", Cookie: cookies.admin! },
      body: JSON.stringify({ to: [`matrix-${stamp}@example.com`], subject: `Matrix note ${stamp}`, html: "Hello." }),
    });
    if (sent.status !== 200) throw new Error(`Creating the sample campaign failed: ${sent.status}`);
    const html = await (await fetch(`${server.url}/admin/communications`, { headers: { Cookie: cookies.admin! } })).text();
    const id = /data-campaign-id="([0-9a-f-]{36})"/.exec(html)?.[1];
    if (!id) throw new Error("The sample campaign is not listed");
    return id;
  }

  it("names a guard for every staff page of the route table", () => {
    expect(staffPaths.length).toBeGreaterThan(0);
    for (const path of staffPaths) expect(guardOf, `no guard listed for ${path}`).toHaveProperty([path]);
  });

  // The page as a document and as the data request a client-side navigation makes.
  const requests = staffPaths.flatMap((path) => [
    { path, suffix: "", request: path },
    { path, suffix: ".data", request: `${path}.data` },
  ]);

  it.each(requests)("$request lets in exactly whom the policy allows", async ({ path, suffix }) => {
    const url = `${urlOf(path)}${suffix}`;
    const guard = guardOf[path]!;
    const visitor = await fetch(`${server.url}${url}`, { redirect: "manual" });
    if (visitor.status === 202) {
      // A data request answers a redirect with 202 and the redirect in its payload: to /login.
      expect(await visitor.text(), "visitor").toContain("/login");
    } else {
      expect([401, 302].includes(visitor.status), `visitor: ${visitor.status}`).toBe(true);
    }
    for (const role of Object.keys(people) as Role[]) {
      const response = await fetch(`${server.url}${url}`, { redirect: "manual", headers: { Cookie: cookies[role]! } });
      const allowed = can({ role }, guard);
      const elsewhere = !allowed && sendsStaffHome.has(path) ? staffHomePath({ role }) : null;
      if (elsewhere && suffix) {
        expect(response.status, `${role} on ${url}`).toBe(202);
        expect(await response.text(), `${role} on ${url}`).toContain(elsewhere);
      } else if (elsewhere) {
        expect(response.status, `${role} on ${url}`).toBe(302);
        expect(response.headers.get("location"), `${role} on ${url}`).toBe(elsewhere);
      } else if (allowed && redirectsWhomItLetsIn.has(path)) {
        expect(response.status, `${role} on ${url}`).toBe(suffix ? 202 : 302);
        expect(suffix ? await response.text() : response.headers.get("location"), `${role} on ${url}`).toContain("/admin/eventreservations");
      } else {
        expect(response.status, `${role} on ${url}`).toBe(allowed ? 200 : 403);
      }
    }
  });

  it.each(staffPaths)("a post to %s is refused to whom the policy refuses", async (path) => {
    const guard = postGuardOf[path];
    const post = (cookie?: string, intent = "probe-of-the-authorisation-matrix") =>
      fetch(`${server.url}${urlOf(path)}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams({ intent }),
      });
    const visitor = await post();
    // A page without an action answers every post 405, before anyone's rights matter.
    expect(visitor.status, "visitor").toBe(guard ? 401 : 405);
    for (const role of Object.keys(people) as Role[]) {
      const response = await post(cookies[role]);
      if (!guard) {
        expect(response.status, `${role} on ${path}`).toBe(405);
      } else if (can({ role }, guard)) {
        expect([401, 403, 405, 500].includes(response.status), `${role} on ${path}: ${response.status}`).toBe(false);
      } else {
        expect(response.status, `${role} on ${path}`).toBe(403);
        for (const intent of intentsOf[path] ?? []) expect((await post(cookies[role], intent)).status, `${role}: ${intent} on ${path}`).toBe(403);
      }
    }
    for (const intent of intentsOf[path] ?? []) expect((await post(undefined, intent)).status, `visitor: ${intent} on ${path}`).toBe(401);
  });

  it.each(intentGuardOf)("the intent $intent on $path is refused to whom $action refuses", async ({ path, intent, action, fields }) => {
    const post = (cookie?: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
        body: new URLSearchParams({ intent, ...fields }),
      });
    expect((await post()).status, "visitor").toBe(401);
    for (const role of Object.keys(people) as Role[]) {
      const response = await post(cookies[role]);
      if (can({ role }, action)) expect([401, 403, 405, 500].includes(response.status), `${role}: ${response.status}`).toBe(false);
      else expect(response.status, `${role} on ${path} (${intent})`).toBe(403);
    }
  });

  /** A signed-in person's two ways in to a staff endpoint: the session cookie (with our Origin), and the same token as a bearer. */
  const waysIn = (role: Role) => {
    const cookie = cookies[role]!;
    const bearer = decodeURIComponent(cookie.split("=")[1]!);
    return [
      ["cookie", { Cookie: cookie, Origin: server.url }],
      ["bearer", { Authorization: `Bearer ${bearer}` }],
    ] as const;
  };

  it.each(Object.keys(apiGuardOf))("the staff endpoint %s answers whom the policy allows, by cookie or bearer", async (path) => {
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: "{}" });
    expect((await post({})).status, "visitor").toBe(401);
    for (const role of Object.keys(people) as Role[]) {
      for (const [how, headers] of waysIn(role)) {
        const response = await post(headers);
        expect(response.status, `${role} by ${how} on ${path}`).toBe(can({ role }, apiGuardOf[path]!) ? 400 : 403);
      }
    }
  });

  it.each(doorApiGuardOf)("the door endpoint $method $path answers whom the policy allows, by cookie or bearer", async ({ method, path, action, allowed }) => {
    const call = (headers: Record<string, string>) =>
      fetch(`${server.url}${urlOf(path)}`, { method, redirect: "manual", headers: { "Content-Type": "application/json", ...headers }, ...(method === "POST" ? { body: "{}" } : {}) });
    const visitor = await call({});
    expect(visitor.status, "visitor").toBe(401);
    expect(visitor.headers.get("content-type")).toContain("application/json");
    for (const role of Object.keys(people) as Role[]) {
      for (const [how, headers] of waysIn(role)) {
        const response = await call(headers);
        expect(response.status, `${role} by ${how} on ${method} ${path}`).toBe(can({ role }, action) ? allowed : 403);
      }
    }
  });

  /**
   * POST /api/sendAnnouncement by payload: an event's guests need `mail-event-attendees`, a list of
   * addresses `send-communications`. Allowed means neither 401 nor 403 (the sample event has no
   * guests and the list is empty, so the answer is 400).
   */
  const announcementPayloads: Array<{ name: string; body: () => unknown; guard: Action }> = [
    { name: "to an event's guests", body: () => ({ eventId: sampleParams.eventId, subject: "S", html: "H" }), guard: "mail-event-attendees" },
    { name: "to a list of addresses", body: () => ({ to: [], subject: "S", html: "H" }), guard: "send-communications" },
  ];

  it.each(announcementPayloads)("sendAnnouncement $name is refused to whom the policy refuses", async ({ body, guard }) => {
    const post = (cookie?: string) =>
      fetch(`${server.url}/api/sendAnnouncement`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(body()),
      });
    expect((await post()).status, "visitor").toBe(401);
    for (const role of Object.keys(people) as Role[]) {
      const response = await post(cookies[role]);
      expect(response.status, `${role}`).toBe(can({ role }, guard) ? 400 : 403);
    }
  });

  /**
   * The event form's picture upload (multipart, same action): refused to whom `manage-events` refuses
   * before anything is stored; the image it makes is public, like the site's own pictures.
   */
  it("an event image upload is the event managers'; the image it makes is served to anyone", async () => {
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#c08040" } }).png().toBuffer();
    const post = (cookie?: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ intent: "create", title: `Matrix upload ${stamp}`, date: "2031-06-14", time: "19:00", description: "Sample." })) form.set(name, value);
      form.set("imageFile", new File([new Uint8Array(picture)], "hall.png", { type: "image/png" }));
      return fetch(`${server.url}/admin/eventmanagement`, { method: "POST", redirect: "manual", headers: { Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) }, body: form });
    };
    expect((await post()).status, "visitor").toBe(401);
    for (const role of Object.keys(people) as Role[]) {
      const response = await post(cookies[role]);
      expect(response.status, `${role}`).toBe(can({ role }, "manage-events") ? 200 : 403);
    }
    const html = await (await fetch(`${server.url}/admin/eventmanagement`, { headers: { Cookie: cookies.admin! } })).text();
    const image = /\/media\/events\/[0-9a-f]{32}-800\.webp/.exec(html)?.[0];
    expect(image, "the uploaded image on the events page").toBeTruthy();
    const served = await fetch(`${server.url}${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${server.url}/media/events/not-an-upload.webp`)).status).toBe(404);
  });
});
