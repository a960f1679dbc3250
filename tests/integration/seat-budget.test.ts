import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "#app/modules/demo/factories/community";
import { slugForEvent } from "#app/modules/events/event-slug";
import { seatBudgetContact } from "#app/modules/reservations/reservation-form";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The seat budget is a setting (SEATS_PER_CLIENT_PER_EVENT_PER_DAY, docs/decisions/037), and its
 * refusal tells a group on one connection how to reach the organisers: the contact page. Over
 * HTTP against the production build, as a browser without JavaScript posts the forms.
 */
describe("the seat budget per client, event and day", () => {
  let server: TestServer;
  let slug = "";
  let nextClient = 1;
  const newClient = () => `198.51.100.${nextClient++}`;

  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "true", SEATS_PER_CLIENT_PER_EVENT_PER_DAY: "3" });
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)?.[1] ?? "";
    expect(slug, "a demo evening taking reservations").not.toBe("");
  });
  afterAll(() => server?.stop());

  const post = async (path: string, fields: Record<string, string>, client: string) => {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, "X-Forwarded-For": client },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return { status: response.status, html: await response.text() };
  };
  const guest = (seats: string) => ({ name: "Ada Group", email: uniqueEmail("group"), phone: "", seats });
  /** The contact page as a link a browser without JavaScript follows. */
  const contactLink = new RegExp(`<a [^>]*href="${seatBudgetContact.href}"[^>]*>${seatBudgetContact.linkText}</a>`);

  it("holds one connection to the configured seats (3 here, not the default 10) and sends the group to the contact page", async () => {
    const client = newClient();
    expect((await post(`/events/${slug}/reserve`, guest("2"), client)).status).toBe(200);
    const typed = guest("2");
    const refused = await post(`/events/${slug}/reserve`, typed, client);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain("Only 1 more seat can be reserved for this event from your connection today.");
    expect(refused.html).toContain(seatBudgetContact.lead);
    expect(refused.html).toMatch(contactLink);
    // What was typed stays in the form.
    expect(refused.html).toContain(`value="${typed.email}"`);
    // The last seat of the budget still goes; then nothing, with the same way to the organisers.
    expect((await post(`/events/${slug}/reserve`, guest("1"), client)).status).toBe(200);
    const spent = await post(`/events/${slug}/reserve`, guest("1"), client);
    expect(spent.status).toBe(429);
    expect(spent.html).toContain("No more seats can be reserved for this event from your connection today.");
    expect(spent.html).toMatch(contactLink);
    // Another connection has its own budget.
    expect((await post(`/events/${slug}/reserve`, guest("3"), newClient())).status).toBe(200);
  });

  it("says the same on the waiting list's form, whose places share the budget", async () => {
    const client = newClient();
    expect((await post(`/events/${slug}/reserve`, guest("3"), client)).status).toBe(200);
    const refused = await post(`/events/${slug}/waiting-list`, guest("1"), client);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain("No more seats can be reserved for this event from your connection today.");
    expect(refused.html).toMatch(contactLink);
  });

  it("never adds the contact page to other refusals", async () => {
    const refused = await post(`/events/${slug}/reserve`, { ...guest("1"), email: "not an address" }, newClient());
    expect(refused.status).toBe(400);
    expect(refused.html).not.toContain(seatBudgetContact.lead);
  });
});
