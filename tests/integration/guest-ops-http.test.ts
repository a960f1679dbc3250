import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guestMessages } from "#app/modules/reservations/guest-messages";
import { linkIn, type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";

/**
 * Cancelling from the e-mailed link and the waiting list over HTTP, as a browser without
 * JavaScript does it, against the production build, with the e-mails arriving over real SMTP.
 * 'Piano Circle for Two' (demo content) has two seats and no reservations.
 */
describe("guests cancel and wait for seats over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  let slug: string;

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({ SEED_DEMO_CONTENT: "true", RATE_LIMIT_MULTIPLIER: "50", OUTBOX_RETRY_DELAY_SECONDS: "1" }));
    const listing = await fetch(`${server.url}/events`).then((response) => response.text());
    slug = /href="\/events\/(piano-circle-for-two-\d+)"/.exec(listing)![1]!;
  });
  afterAll(() => stopServerWithMail(server, sink));

  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
      body: new URLSearchParams(fields),
      redirect: "manual",
    }).then(async (response) => ({ status: response.status, html: await response.text() }));
  const get = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, server.url)).then(async (response) => ({ status: response.status, html: await response.text() }));
  const pathOf = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
  const eventPage = () => get(`${server.url}/events/${slug}`).then((page) => page.html);

  it("cancels from the e-mailed link: a GET changes nothing, the POST gives seats back and offers them to the waiting list", async () => {
    const reserved = await post(`/events/${slug}/reserve`, { name: "Ann Guest", email: "ann@example.com", phone: "", seats: "2" });
    expect(reserved.status).toBe(200);
    expect(reserved.html).toContain("/reservations/cancel?token=");
    const confirmation = await waitForMail(sink, "ann@example.com");
    const cancelUrl = linkIn(confirmation, "/reservations/cancel?token=");

    // Full: the page offers the waiting list instead.
    expect(await eventPage()).toContain("Join the waiting list");
    const joined = await post(`/events/${slug}/waiting-list`, { name: "Bob Waiter", email: "bob@example.com", phone: "", seats: "1" });
    expect(joined.status).toBe(200);
    expect(joined.html).toContain("You are number 1 on the waiting list");
    const carl = await post(`/events/${slug}/waiting-list`, { name: "Carl Waiter", email: "carl@example.com", phone: "", seats: "1" });
    expect(carl.html).toContain("You are number 2 on the waiting list");
    expect((await post(`/events/${slug}/waiting-list`, { name: "Bob", email: "bob@example.com", phone: "", seats: "1" })).html).toContain(guestMessages.alreadyWaiting);
    expect((await post(`/events/${slug}/waiting-list`, { name: "", email: "x", phone: "", seats: "11" })).status).toBe(400);

    // Carl sees his place from his e-mail and leaves (a GET changes nothing there either).
    const carlEntry = linkIn(await waitForMail(sink, "carl@example.com"), "/waiting-list/entry?token=");
    expect((await get(carlEntry)).html).toContain("You are number 2 on the waiting list");
    expect((await post(pathOf(carlEntry), { token: tokenOf(carlEntry) })).html).toContain("You left the waiting list");

    // A scanner opens the cancel link twice: the reservation stays.
    for (let scan = 0; scan < 2; scan += 1) {
      const page = await get(cancelUrl);
      expect(page.status).toBe(200);
      expect(page.html).toContain("Cancel your reservation");
    }
    expect(await eventPage()).toContain("Guest List Full");

    const cancelled = await post(pathOf(cancelUrl), { token: tokenOf(cancelUrl), seats: "1" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain("Your reservation is changed");
    const notice = await waitForMail(sink, "ann@example.com", 1);
    expect(notice.subject).toContain("Reservation changed");
    expect(linkIn(notice, "/reservations/cancel?token=")).not.toBe(cancelUrl);
    // The link acted once.
    const again = await post(pathOf(cancelUrl), { token: tokenOf(cancelUrl), seats: "1" });
    expect(again.status).toBe(410);
    expect(again.html).toContain(guestMessages.linkUsed);

    // The freed seat is held for Bob: still full for everyone else, until he claims it.
    expect(await eventPage()).toContain("Guest List Full");
    const offer = await waitForMail(sink, "bob@example.com", 1);
    expect(offer.subject).toContain("Seats for you");
    const claimUrl = linkIn(offer, "/waiting-list/offer?token=");
    expect((await get(claimUrl)).html).toContain("Claim my seats");
    const claimed = await post(pathOf(claimUrl), { token: tokenOf(claimUrl), intent: "claim" });
    expect(claimed.status).toBe(200);
    expect(claimed.html).toContain("Reservation Confirmed!");
    expect((await waitForMail(sink, "bob@example.com", 2)).subject).toContain("Reservation confirmed");
    expect((await post(pathOf(claimUrl), { token: tokenOf(claimUrl), intent: "claim" })).status).toBe(410);
  });

  it("answers an unknown link with a clear message", async () => {
    const page = await get(`${server.url}/reservations/cancel?token=nonsense`);
    expect(page.status).toBe(404);
    expect(page.html).toContain(guestMessages.linkInvalid.replace("'", "&#x27;"));
  });
});
