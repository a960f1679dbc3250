import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugForEvent } from "#app/modules/events/event-slug";
import { reservationMessages } from "#app/modules/reservations/reservation-form";
import { siteConfig } from "#app/lib/site-config";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The reserve action over HTTP against the production build and its demo calendar, posted as a
 * browser without JavaScript posts it: the page answers with the confirmation or the errors and
 * the typed values, with a status that says which.
 */
describe("reserving seats over HTTP", () => {
  let server: TestServer;
  const slugs = new Map<string, string>();

  beforeAll(async () => {
    // Every request comes from one address and most reserve for one guest: the limits on visitors'
    // attempts are tested at their real values in abuse-limits.test.ts.
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: "50" });
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    for (const title of [
      "Candlelight Piano Meditation",
      "VIP Sunset Gathering at Mt. Soledad",
      "Garden Piano Meditation",
      "Dawn Breathwork on the Beach",
      "Winter Solstice Piano Meditation",
      "Breath and Sound Workshop",
    ]) {
      // A slug is the title's words and the start time: find this event's link on the page.
      const words = slugForEvent(title, new Date(0)).replace(/-0$/, "");
      const slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)?.[1];
      if (!slug) throw new Error(`No link to ${title} on /events`);
      slugs.set(title, slug);
    }
  });
  afterAll(() => server?.stop());

  const slug = (title: string) => slugs.get(title)!;
  const guest = { name: "Ada Lovelace", email: "ada@example.com", phone: "6195550100", seats: "1" };

  async function reserve(eventSlug: string, fields: Record<string, string>) {
    const response = await fetch(`${server.url}/events/${eventSlug}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return { status: response.status, html: await response.text() };
  }

  it("without Stripe, points the Donate link at the brand's donation page, and /donate leads there too", async () => {
    const home = await fetch(server.url).then((response) => response.text());
    expect(home).toContain(`href="${siteConfig.donationUrl}"`);
    expect(home).not.toContain('href="/donate"');
    const donate = await fetch(`${server.url}/donate`, { redirect: "manual" });
    expect(donate.status).toBe(302);
    expect(donate.headers.get("location")).toBe(siteConfig.donationUrl);
  });

  it("confirms a reservation on the page (200), naming the event and the address", async () => {
    const { status, html } = await reserve(slug("Candlelight Piano Meditation"), { ...guest, seats: "2" });
    expect(status).toBe(200);
    expect(html).toContain("Reservation Confirmed!");
    expect(html).toContain("2 seats are");
    expect(html).toContain(guest.email);
  });

  it("shows the reservation page for an event, and 'Event not found.' (404) for an unknown one", async () => {
    const page = await fetch(`${server.url}/events/${slug("Candlelight Piano Meditation")}/reserve`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(reservationMessages.contribution);
    const missing = await fetch(`${server.url}/events/no-such-event-1/reserve`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain(reservationMessages.eventNotFound);
  });

  it.each([
    ["name", { ...guest, name: "  " }, reservationMessages.name],
    ["name", { ...guest, name: "x".repeat(101) }, reservationMessages.nameTooLong],
    ["email", { ...guest, email: "not-an-address" }, reservationMessages.email],
    ["phone", { ...guest, phone: "1".repeat(31) }, reservationMessages.phoneTooLong],
    ["seats", { ...guest, seats: "0" }, reservationMessages.seats],
    ["seats", { ...guest, seats: "11" }, reservationMessages.seats],
    ["seats", { ...guest, seats: "2.5" }, reservationMessages.seats],
    ["seats", { ...guest, seats: "" }, reservationMessages.seats],
  ])("refuses a wrong %s (400) with its message and keeps what was typed", async (_field, fields, message) => {
    const { status, html } = await reserve(slug("Candlelight Piano Meditation"), fields);
    expect(status).toBe(400);
    expect(html).toContain(message);
    expect(html).not.toContain("Reservation Confirmed!");
    for (const value of [fields.name.trim(), fields.email, fields.phone, fields.seats].filter(Boolean)) {
      expect(html).toContain(`value="${value}"`);
    }
  });

  it("refuses a missing field as a wrong one (400)", async () => {
    const { status, html } = await reserve(slug("Candlelight Piano Meditation"), { email: guest.email });
    expect(status).toBe(400);
    expect(html).toContain(reservationMessages.name);
    expect(html).toContain(reservationMessages.seats);
  });

  it("answers 'Event not found.' (404) for an unknown event", async () => {
    const { status, html } = await reserve("no-such-event-1", guest);
    expect(status).toBe(404);
    expect(html).toContain(reservationMessages.eventNotFound);
  });

  it("refuses the events that are sold out, by reservations or by their flag (409)", async () => {
    for (const title of ["Garden Piano Meditation", "Dawn Breathwork on the Beach"]) {
      const { status, html } = await reserve(slug(title), guest);
      expect(status).toBe(409);
      expect(html).toContain(reservationMessages.notEnoughSeats);
    }
  });

  it("refuses more seats than are left, and takes exactly what fits (the VIP gathering has 20)", async () => {
    const vip = slug("VIP Sunset Gathering at Mt. Soledad");
    // Several guests: one address may hold at most 10 seats of an event.
    const other = { ...guest, email: "grace@example.com" };
    expect((await reserve(vip, { ...guest, seats: "10" })).status).toBe(200);
    expect((await reserve(vip, { ...other, seats: "8" })).status).toBe(200);
    const tooMany = await reserve(vip, { ...other, seats: "3" });
    expect(tooMany.status).toBe(409);
    expect(tooMany.html).toContain(reservationMessages.notEnoughSeats);
    expect(tooMany.html).toContain('value="3"');
    expect((await reserve(vip, { ...other, seats: "2" })).status).toBe(200);
    expect((await reserve(vip, other)).status).toBe(409);
  });

  it("refuses past events, by date and by their label (422)", async () => {
    for (const title of ["Winter Solstice Piano Meditation", "Breath and Sound Workshop"]) {
      const { status, html } = await reserve(slug(title), guest);
      expect(status).toBe(422);
      expect(html).toContain(reservationMessages.notTakingReservations);
    }
  });

  it("refuses a post from another site", async () => {
    const response = await fetch(`${server.url}/events/${slug("Candlelight Piano Meditation")}/reserve`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" },
      body: new URLSearchParams(guest),
    });
    expect(response.status).toBe(403);
  });
});
