import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugForEvent } from "#app/modules/events/event-slug";
import { reservationMessages } from "#app/modules/reservations/reservation-form";
import { startTestServer, type TestServer } from "#tests/support/test-server";

/**
 * The reservation form's one-time key over HTTP against the production build (issue 11, 2.5): a
 * submission sent again (its answer was lost in a crash, or the button was pressed twice) gets the
 * reservation it made, never a second one. How many seats an address holds is read back through
 * the 10-seat cap's refusal, which names what the address may still reserve.
 */
describe("a reservation form sent more than once", () => {
  let server: TestServer;
  let slug: string;

  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_MULTIPLIER: "50" });
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    const words = slugForEvent("Candlelight Piano Meditation", new Date(0)).replace(/-0$/, "");
    slug = new RegExp(`href="/events/(${words}-\\d+)"`).exec(listing)![1]!;
  });
  afterAll(() => server?.stop());

  /** As the reserve dialog posts it: the action's data alone. */
  async function reserve(fields: Record<string, string>) {
    const response = await fetch(`${server.url}/events/${slug}/reserve.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
    return { status: response.status, body: await response.text() };
  }
  const guest = (email: string, seats: number, submissionKey: string = randomUUID()) => ({ name: "Ada Lovelace", email, phone: "", seats: String(seats), submissionKey });
  const reservationId = (body: string) => /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(body)?.[0];
  /** What the address may still reserve, from the cap's refusal of a request for 10 more seats. */
  async function seatsLeftFor(email: string) {
    const { status, body } = await reserve(guest(email, 10));
    expect(status).toBe(409);
    expect(body).toContain(reservationMessages.seatsPerAddressReached);
    return Number(/can reserve (\d+) more/.exec(body)?.[1] ?? 0);
  }

  it("answers a repeated submission with the same reservation, stored once", async () => {
    const form = guest("twice@example.com", 6);
    const first = await reserve(form);
    const second = await reserve(form);
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(reservationId(first.body)).toBeDefined();
    expect(await seatsLeftFor("twice@example.com")).toBe(4);
  });

  it("answers two simultaneous submissions of one form with one reservation", async () => {
    const form = guest("together@example.com", 3);
    const answers = await Promise.all([reserve(form), reserve(form), reserve(form)]);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(200);
    expect(await seatsLeftFor("together@example.com")).toBe(7);
  });

  it("books again for a new key, and refuses a key that is not a form's", async () => {
    const first = await reserve(guest("again@example.com", 2));
    const second = await reserve(guest("again@example.com", 2));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(reservationId(second.body)).not.toBe(reservationId(first.body));
    expect(await seatsLeftFor("again@example.com")).toBe(6);

    const forged = await reserve(guest("again@example.com", 1, "not-a-key"));
    expect(forged.status).toBe(400);
    expect(forged.body).toContain(reservationMessages.submissionKey);
  });

  it("puts a fresh key in the server-rendered form, on a page no cache may keep", async () => {
    const keyOf = (html: string) => /name="submissionKey" value="([^"]+)"/.exec(html)?.[1];
    const page = await fetch(`${server.url}/events/${slug}/reserve`);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const first = keyOf(await page.text());
    const second = keyOf(await fetch(`${server.url}/events/${slug}/reserve`).then((response) => response.text()));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });
});
