import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * The staff dashboard over HTTP against the production build: its panels, the lists' search,
 * paging and CSV export, and deleting from the lists with the activity log. Rows are made through
 * the public forms and endpoints, as visitors make them.
 */
describe("the staff dashboard", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `dash-admin-${stamp}@example.com`;
  const member = `dash-member-${stamp}@example.com`;
  let adminCookie: string;
  let memberCookie: string;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ ADMIN_EMAILS: admin, RATE_LIMIT_MULTIPLIER: "1000" }));
    adminCookie = await signInOverHttp(server.url, sink, admin);
    memberCookie = await signInOverHttp(server.url, sink, member);
  }, 120_000);
  afterAll(() => stopServerWithMail(server, sink));

  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    });
  const dashboard = async (query = "") => {
    const response = await fetch(`${server.url}/admin${query}`, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const join = async (name: string, email: string, phone = "") => {
    const response = await post("/join", { intent: "join", name, email, phone, interest: "breathwork", consent: "on", emailConsent: "on" });
    expect(response.status, `joining as ${email}`).toBe(200);
  };
  /** The distinct addresses tagged `tag` that a dashboard page lists. */
  const addressesOf = (page: string, tag: string) => new Set(page.match(new RegExp(`${tag}-\\d+@example\\.com`, "g"))).size;

  it("shows every panel, the links to the staff pages and the places of the campaign tools", async () => {
    const page = await dashboard();
    for (const heading of ["At a glance", "Events management", "Ticket management", "Listening analytics", "People", "Friend invitation generator", "E-mail campaign tools"]) {
      expect(page).toContain(`>${heading}</h2>`);
    }
    for (const link of ["/admin/eventreservations", "/admin/eventmanagement", "/admin/communications"]) expect(page).toContain(`href="${link}"`);
    expect(page).not.toContain("Failed to fetch data from the database.");
    // Each chart has its numbers as a table.
    expect(page).toContain("Show the numbers: Community sign-ups, last 14 days");
  });

  it("pages a list 50 at a time, newest first, keeping the search", async () => {
    const tag = `page${stamp}`;
    for (let index = 1; index <= 51; index += 1) {
      const response = await post("/waitlist", { email: `${tag}-${String(index).padStart(2, "0")}@example.com` });
      expect(response.status).toBe(200);
    }
    const first = await dashboard(`?list=waitlist&q=${tag}`);
    expect(first).toContain("51 matches for “" + tag + "”");
    expect(addressesOf(first, tag)).toBe(50);
    expect(first.indexOf(`${tag}-51@`)).toBeGreaterThan(-1);
    expect(first.indexOf(`${tag}-51@`)).toBeLessThan(first.indexOf(`${tag}-50@`));
    expect(first).not.toContain(`${tag}-01@`);
    expect(first.replaceAll("<!-- -->", "")).toContain("Page 1 of 2");
    expect(first).toMatch(new RegExp(`href="/admin\\?list=waitlist&amp;q=${tag}&amp;page=2"`));

    const second = await dashboard(`?list=waitlist&q=${tag}&page=2`);
    expect(addressesOf(second, tag)).toBe(1);
    expect(second).toContain(`${tag}-01@`);
    expect(second.replaceAll("<!-- -->", "")).toContain("Page 2 of 2");
  });

  it("searches by name or e-mail, case-insensitively, with the search's wildcards taken literally", async () => {
    await join(`Ann_Lee ${stamp}`, `ann-underscore-${stamp}@example.com`);
    await join(`AnnXLee ${stamp}`, `ann-x-${stamp}@example.com`);
    const byName = await dashboard(`?list=community&q=${encodeURIComponent(`ann_lee ${stamp}`)}`);
    expect(byName).toContain("1 match for");
    expect(byName).toContain(`ann-underscore-${stamp}@example.com`);
    expect(byName).not.toContain(`ann-x-${stamp}@example.com`);

    const byEmail = await dashboard(`?list=community&q=${encodeURIComponent(`ANN-X-${stamp}`)}`);
    expect(byEmail).toContain("1 match for");
    expect(byEmail).toContain(`AnnXLee ${stamp}`);

    expect(await dashboard(`?list=community&q=${encodeURIComponent(`%${stamp}%_`)}`)).toContain("Nobody matches this search.");
  });

  it("exports a whole list as a formula-safe CSV download, to admins only, and logs the export", async () => {
    const email = `formula-${stamp}@example.com`;
    await join(`=HYPERLINK("http://evil.example") ${stamp}`, email, "+1 619 555 0100");
    const url = `${server.url}/admin/export/community`;

    const visitor = await fetch(url);
    expect(visitor.status).toBe(401);
    expect(await visitor.json()).toEqual({ error: "Please log in to access this page." });
    const asMember = await fetch(url, { headers: { Cookie: memberCookie } });
    expect(asMember.status).toBe(403);
    expect((await asMember.json()).error).toBe("You are not authorized to view this page.");

    const response = await fetch(url, { headers: { Cookie: adminCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="harmonia-community-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("name,email,phone,interest,source,consent_accepted_at,created_at");
    const row = lines.find((line) => line.includes(email));
    // The name and the phone start with = and +: both are written as text, not as a formula.
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"") ${stamp}"`);
    expect(row).toContain(`'+1 619 555 0100`);
    expect(row).toContain("Meditation & Breath work");
    // The whole list, not a page of it.
    expect(lines.filter((line) => line.includes(`@example.com`)).length).toBeGreaterThanOrEqual(3);

    const activity = await fetch(`${server.url}/admin/activity?kind=list.exported`, { headers: { Cookie: adminCookie } }).then((answer) => answer.text());
    expect(activity).toContain("Exported a list");
    expect(activity).toContain(admin);

    expect((await fetch(`${server.url}/admin/export/nothing`, { headers: { Cookie: adminCookie } })).status).toBe(404);
  });

  it("deletes a community member with the activity row, and says it failed when the row is gone", async () => {
    const email = `leaving-${stamp}@example.com`;
    await join(`Leaving ${stamp}`, email);
    const listed = await dashboard(`?list=community&q=${encodeURIComponent(email)}`);
    const id = listed.match(/name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect(id).toBeDefined();

    const deleted = await post("/admin?index", { intent: "delete-community-member", id: id! }, adminCookie);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain(`Deleted ${email} from the community list.`);
    expect(await dashboard(`?list=community&q=${encodeURIComponent(email)}`)).toContain("Nobody matches this search.");
    const activity = await fetch(`${server.url}/admin/activity?kind=community.deleted`, { headers: { Cookie: adminCookie } }).then((answer) => answer.text());
    expect(activity).toContain("Deleted community member");
    expect(activity).toContain(email);

    const again = await post("/admin?index", { intent: "delete-community-member", id: id! }, adminCookie);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Failed to delete community member. Please try again.");

    const refused = await post("/admin?index", { intent: "delete-community-member", id: id! }, memberCookie);
    expect(refused.status).toBe(403);
  });

  it("deletes an initial sign-up, and says 'Failed to delete signup' for one that does not exist", async () => {
    const listed = await dashboard("?list=signups");
    const id = listed.match(/name="intent" value="delete-signup"\/><input type="hidden" name="id" value="([0-9a-f-]{36})"/)?.[1];
    expect(id, "the demo content has initial sign-ups").toBeDefined();
    const deleted = await post("/admin?index", { intent: "delete-signup", id: id! }, adminCookie);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("Deleted the signup of");
    expect(await dashboard("?list=signups")).not.toContain(id!);
    const activity = await fetch(`${server.url}/admin/activity?kind=user-profile.deleted`, { headers: { Cookie: adminCookie } }).then((answer) => answer.text());
    expect(activity).toContain("Deleted initial sign-up");

    const missing = await post("/admin?index", { intent: "delete-signup", id: id! }, adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("Failed to delete signup");
  });

  it("shows each invitation's status as a word, and counts plays that start a track", async () => {
    const invitations = await dashboard("?list=invitations");
    for (const status of ["Pending", "Accepted", "Expired"]) expect(invitations).toContain(`>${status}</span>`);

    const session = `anon_${Date.now()}_dash${stamp}`;
    const report = (action: string, position: number) =>
      fetch(`${server.url}/api/trackAudio`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          userEmail: null,
          userId: null,
          trackSrc: `/media/audio/dashboard-${stamp}.mp3`,
          trackTitle: `Dashboard Song ${stamp}`,
          action,
          position,
          rid: null,
          campaign: `spring-${stamp}`,
          anonymousSessionId: session,
        }),
      });
    // One listen: started, paused, resumed, ended; then a second listen from the start.
    for (const [action, position] of [["play", 0], ["pause", 40], ["play", 40], ["ended", 180], ["play", 0.2]] as const) {
      expect((await report(action, position)).status).toBeLessThan(300);
    }
    const page = await dashboard();
    expect(page).toMatch(new RegExp(`>Dashboard Song ${stamp}</th><td[^>]*>2</td>`));
    expect(page).toMatch(new RegExp(`spring-${stamp}</span><span[^>]*>2 plays</span>`));
  });

  // Only PostgreSQL lets a test break one table under a running server (the embedded database
  // belongs to the server's process alone).
  it.runIf(process.env.DATABASE_URL)("says the data could not be fetched when one read fails, and still shows the other panels", async () => {
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query("ALTER TABLE audio_events RENAME TO audio_events_away");
      const response = await fetch(`${server.url}/admin`, { headers: { Cookie: adminCookie } });
      expect(response.status).toBe(200);
      const page = await response.text();
      expect(page).toMatch(/<p role="alert"[^>]*>Failed to fetch data from the database\.<\/p>/);
      expect(page).toContain("Listening analytics: not available right now.");
      // The panels whose reads worked are there.
      expect(page).toContain("Show the numbers: Seats of upcoming events");
      expect(page).toContain('<table class="mt-4 w-full');
    } finally {
      await client.query("ALTER TABLE audio_events_away RENAME TO audio_events");
      await client.end();
    }
    expect(await dashboard()).not.toContain("Failed to fetch data from the database.");
  });
});
