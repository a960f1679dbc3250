import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import { createPublishedEvent } from "#tests/support/staff-events";
import type { TestServer } from "#tests/support/test-server";

/**
 * Contributions over HTTP, as staff devices without JavaScript post them, against the production
 * build: 'Paid in cash' tapped on two phones at once records one payment and answers the others
 * 409 in words; the reservations page's Record payment and Refund, and who the server refuses
 * (event staff refund nothing: 403; a member: 403). Runs on the embedded database, and on
 * PostgreSQL with DATABASE_URL.
 */
describe("contributions over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `money-admin-${stamp}@example.com`;
  const usher = `money-usher-${stamp}@example.com`;
  const member = `money-guest-${stamp}@example.com`;
  const cookies: Record<"admin" | "usher" | "member", string> = { admin: "", usher: "", member: "" };
  let event: { id: string; slug: string };

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }).then(async (response) => ({ status: response.status, html: await response.text() }));
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }).then(async (response) => ({ status: response.status, html: await response.text() }));
  /** React writes `<!-- -->` between adjacent text parts, and escapes apostrophes; the tests read the text without either. */
  const text = (html: string) => html.replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'");
  const doorOf = () => `/admin/eventreservations/${event.id}/check-in`;
  const PAGE = "/admin/eventreservations";
  async function reservationIdOf(name: string) {
    const id = new RegExp(`id="guest-([0-9a-f-]{36})"[^>]*>${name}<`).exec((await get(doorOf(), cookies.usher)).html)?.[1];
    if (!id) throw new Error(`No check-in row for ${name}`);
    return id;
  }
  async function doorContributionOf(name: string) {
    const html = text((await get(doorOf(), cookies.usher)).html);
    const row = html.slice(html.indexOf(`>${name}<`));
    return /data-testid="door-contribution"[^>]*>([^<]+)</.exec(row)?.[1];
  }

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ RATE_LIMIT_MULTIPLIER: "50", ADMIN_EMAILS: admin, EVENT_STAFF_EMAILS: usher }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
    cookies.member = await signInOverHttp(server.url, sink, member);
    event = await createPublishedEvent(server.url, cookies.admin, { title: `Money Evening ${stamp}`, date: "2033-03-03", time: "19:00", maxSeats: 20 });
    for (const [name, seats] of [
      ["Ada Cash", "2"],
      ["Ben Refund", "1"],
    ] as const) {
      const reserved = await post(`/events/${event.slug}/reserve`, { name, email: `${name.split(" ")[0]!.toLowerCase()}-${stamp}@example.com`, phone: "", seats });
      expect(reserved.status, reserved.html.slice(0, 300)).toBe(200);
    }
  }, 240_000);
  afterAll(() => stopServerWithMail(server, sink));

  it("records one payment however many 'Paid in cash' taps arrive at once from two phones, and logs it once", async () => {
    const ada = await reservationIdOf("Ada Cash");
    expect(await doorContributionOf("Ada Cash")).toBe("Unpaid: $60 expected");
    const taps = await Promise.all(Array.from({ length: 16 }, (_, index) => post(doorOf(), { intent: "paid-in-cash", reservationId: ada, amount: "1" }, index % 2 ? cookies.admin : cookies.usher)));
    expect(taps.map((tap) => tap.status).sort()).toEqual([200, ...Array.from({ length: 15 }, () => 409)]);
    expect(text(taps.find((tap) => tap.status === 200)!.html)).toContain("$60 in cash recorded for Ada Cash.");
    expect(text(taps.find((tap) => tap.status === 409)!.html)).toContain("Ada Cash's contribution is already recorded as paid.");
    // The amount is the one the reservation expects, never the form's.
    expect(await doorContributionOf("Ada Cash")).toBe("Paid $60 in cash");
    // The entries as the page lists them (the page's data for the scripts follows, a second copy).
    const page = text((await get("/admin/activity?kind=contribution.recorded", cookies.admin)).html);
    const log = page.slice(page.indexOf('aria-label="Activity entries"'), page.indexOf("</ol>", page.indexOf('aria-label="Activity entries"')));
    expect(log.split("Ada Cash · Money Evening").length - 1).toBe(1);
    expect(log).toContain("Amount: $60");
  });

  it("records and refunds from the reservations page; event staff may record but not refund, members neither", async () => {
    const ben = await reservationIdOf("Ben Refund");
    const fields = { eventId: event.id, reservationId: ben };
    expect((await post(PAGE, { ...fields, intent: "record-contribution", method: "cash" }, cookies.member)).status).toBe(403);
    const recorded = await post(PAGE, { ...fields, intent: "record-contribution", method: "other", amount: "" }, cookies.usher);
    expect(recorded.status).toBe(200);
    expect(text(recorded.html)).toContain("$30 (other) recorded for Ben Refund.");

    const refusedToStaff = await post(PAGE, { ...fields, intent: "refund-contribution", amount: "", reason: "Asked" }, cookies.usher);
    expect(refusedToStaff.status).toBe(403);
    const noReason = await post(PAGE, { ...fields, intent: "refund-contribution", amount: "10", reason: "" }, cookies.admin);
    expect(noReason.status).toBe(400);
    expect(text(noReason.html)).toContain("Please give a reason for the refund");
    const refunded = await post(PAGE, { ...fields, intent: "refund-contribution", amount: "", reason: "Could not come" }, cookies.admin);
    expect(refunded.status).toBe(200);
    expect(text(refunded.html)).toContain("$30 marked as refunded to Ben Refund by hand.");
    expect(await doorContributionOf("Ben Refund")).toBe("Refunded $30");
    // Nothing left to refund: refused with the reason, nothing written.
    expect((await post(PAGE, { ...fields, intent: "refund-contribution", amount: "", reason: "Again" }, cookies.admin)).status).toBe(409);

    // Above the guest list: every guest of the event counted, whatever the search shows.
    const page = text((await get(`${PAGE}?q=${encodeURIComponent("Ben Refund")}`, cookies.admin)).html);
    const totals = page.slice(page.indexOf('data-testid="contribution-totals"'));
    const figure = (label: string) => new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>([^<]+)</dd>`).exec(totals)?.[1];
    expect(["Expected", "Paid", "Outstanding", "Refunded"].map(figure)).toEqual(["$90", "$60", "$0", "$30"]);
    expect(page).toMatch(/data-testid="guest-contribution"[^>]*>Refunded \$30</);
  });
});
