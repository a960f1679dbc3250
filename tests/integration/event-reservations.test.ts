import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservationsAdminMessages } from "#app/modules/reservations/reservations-admin-messages";
import { mailsTo } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { decodedBody, headerOf, type SmtpSink } from "#tests/support/smtp-sink";
import { createPublishedEvent } from "#tests/support/staff-events";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * The reservations page over HTTP, as a browser without JavaScript posts it: no second way to
 * create events (a link to Events → New event for admins), max seats refused below the seats taken, deleting a
 * reservation (its seats return at once) and an event with its reservations, the server-side
 * search, the guest list's CSV, and the attendee mail received once per address over SMTP.
 */
describe("the reservations page over HTTP", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `res-admin-${stamp}@example.com`;
  const usher = `res-usher-${stamp}@example.com`;
  let adminCookie = "";
  let usherCookie = "";

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: usher,
      RATE_LIMIT_MULTIPLIER: "50",
      OUTBOX_RETRY_DELAY_SECONDS: "1",
    }));
    adminCookie = await signInOverHttp(server.url, sink, admin);
    usherCookie = await signInOverHttp(server.url, sink, usher);
  });
  afterAll(() => stopServerWithMail(server, sink));

  const PAGE = "/admin/eventreservations";
  const date = "2031-09-14";
  let minute = 0;
  function nextTime() {
    minute += 1;
    return `${String(10 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
  }

  async function post(fields: Record<string, string>, cookie = adminCookie) {
    const response = await fetch(`${server.url}${PAGE}`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams(fields),
    });
    return { status: response.status, html: await response.text() };
  }
  const page = async (query = "", cookie = adminCookie) => (await fetch(`${server.url}${PAGE}${query}`, { headers: { Cookie: cookie } })).text();

  /** The event's group of rows on the page: its id and what it shows. */
  async function groupOf(title: string, query = "") {
    const html = await page(query);
    const start = html.indexOf(`<tbody aria-label="${title}"`);
    if (start < 0) return null;
    // Up to the next event's group (nested tables of guests and the waiting list have no label).
    const next = html.indexOf('<tbody aria-label="', start + 1);
    // The last group ends before the first script after it (the page's data for hydration names every guest).
    const group = html.slice(start, next === -1 ? html.indexOf("<script", start) : next);
    const id = /name="eventId" value="([0-9a-f-]{36})"/.exec(group)?.[1];
    const seats = /data-testid="seat-figures"[^>]*>([\s\S]*?)<\/p>/.exec(group)?.[1];
    return { id: id!, seats: seats?.replace(/<!-- -->/g, ""), html: group };
  }

  /** A published event taking reservations, made the one way events are made: Events → New event, then Publish. */
  async function createEvent(name: string, maxSeats: string) {
    return createPublishedEvent(server.url, adminCookie, { title: name, date, time: nextTime(), maxSeats: Number(maxSeats) });
  }

  async function reserve(slug: string, name: string, email: string, seats: number) {
    const response = await fetch(`${server.url}/events/${slug}/reserve`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name, email, phone: "", seats: String(seats) }),
    });
    expect(response.status, `reserving for ${email}`).toBe(200);
  }

  it("creates no events itself: admins find a link to Events → New event, event staff nothing; a posted create-event makes none", async () => {
    const adminPage = await page();
    expect(adminPage).toContain('href="/admin/eventmanagement?new=1&amp;reservations=1"');
    expect(adminPage).not.toContain("Create an event");
    const usherPage = await page("", usherCookie);
    expect(usherPage).not.toContain("/admin/eventmanagement?new=1");
    expect(usherPage).not.toContain("Create an event");

    // The old form's post is no action of this page, whoever sends it.
    for (const cookie of [adminCookie, usherCookie]) {
      const answer = await post({ intent: "create-event", name: `Old Form ${stamp}`, date, time: nextTime(), maxSeats: "20" }, cookie);
      expect(answer.status).toBe(400);
    }
    expect(await groupOf(`Old Form ${stamp}`)).toBeNull();

    // An event made on the events page and published shows here with its seats.
    const name = `Autumn Circle ${stamp}`;
    const { slug } = await createEvent(name, "12");
    expect((await groupOf(name))?.seats).toBe("0 taken / 12 max / 12 left");
    expect((await fetch(`${server.url}/events/${slug}`)).status).toBe(200);
  });

  it("refuses max seats below the seats taken with the reason under the row, and accepts them above", async () => {
    const name = `Small Room ${stamp}`;
    const { slug } = await createEvent(name, "10");
    await reserve(slug, "Ada Guest", `ada-${stamp}@example.com`, 3);
    const { id } = (await groupOf(name))!;
    expect((await groupOf(name))?.seats).toBe("3 taken / 10 max / 7 left");

    const refused = await post({ intent: "set-max-seats", eventId: id, maxSeats: "2" });
    expect(refused.status).toBe(400);
    const row = refused.html.slice(refused.html.indexOf(`<tbody aria-label="${name}"`));
    // In the row's error summary (decision 055), which a post without JavaScript comes back to.
    expect(row).toContain(`id="max-seats-${id}-errors"`);
    expect(row).toContain(`${reservationsAdminMessages.seatsFailed}: ${reservationsAdminMessages.seatsBelowTaken(3)}`);
    expect((await groupOf(name))?.seats).toBe("3 taken / 10 max / 7 left");

    expect((await post({ intent: "set-max-seats", eventId: id, maxSeats: "0" })).status).toBe(400);
    expect((await post({ intent: "set-max-seats", eventId: id, maxSeats: "3" })).status).toBe(200);
    expect((await groupOf(name))?.seats).toBe("3 taken / 3 max / 0 left");
    expect((await post({ intent: "set-max-seats", eventId: id, maxSeats: "40" })).status).toBe(200);
    expect((await groupOf(name))?.seats).toBe("3 taken / 40 max / 37 left");
    // Event staff see the limit, with no field to change it, and the server refuses them.
    expect(await page("", usherCookie)).not.toContain(`Max seats of ${name}`);
    const byUsher = await post({ intent: "set-max-seats", eventId: id, maxSeats: "60" }, usherCookie);
    expect(byUsher.status).toBe(403);
    expect(byUsher.html).toContain(`${reservationsAdminMessages.seatsFailed}: ${reservationsAdminMessages.seatLimitsNotAllowed}`);
    expect((await groupOf(name))?.seats).toBe("3 taken / 40 max / 37 left");
  });

  it("deletes a reservation and its seats return at once", async () => {
    const name = `Return Seats ${stamp}`;
    const { slug } = await createEvent(name, "5");
    await reserve(slug, "Bea Guest", `bea-${stamp}@example.com`, 4);
    await reserve(slug, "Cy Guest", `cy-${stamp}@example.com`, 1);
    const group = (await groupOf(name))!;
    expect(group.seats).toBe("5 taken / 5 max / 0 left");
    const reservationId = /name="reservationId" value="([0-9a-f-]{36})"[\s\S]*?/.exec(group.html.slice(group.html.indexOf("Bea Guest")))?.[1];
    expect(reservationId).toBeTruthy();

    const deleted = await post({ intent: "delete-reservation", reservationId: reservationId!, eventId: group.id }, usherCookie);
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain(reservationsAdminMessages.reservationDeleted);
    const after = (await groupOf(name))!;
    expect(after.seats).toBe("1 taken / 5 max / 4 left");
    expect(after.html).not.toContain("Bea Guest");

    const again = await post({ intent: "delete-reservation", reservationId: reservationId!, eventId: group.id });
    expect(again.status).toBe(404);
    expect(again.html).toContain(`${reservationsAdminMessages.deleteReservationFailed}: ${reservationsAdminMessages.reservationGone}`);
  });

  it("deletes an event together with its reservations", async () => {
    const name = `Farewell ${stamp}`;
    const { slug } = await createEvent(name, "8");
    await reserve(slug, "Dee Guest", `dee-${stamp}@example.com`, 2);
    await reserve(slug, "Eli Guest", `eli-${stamp}@example.com`, 1);
    const group = (await groupOf(name))!;
    expect(group.html).toContain("its 2 reservations will be deleted");

    const deleted = await post({ intent: "delete-event", eventId: group.id });
    expect(deleted.status).toBe(200);
    expect(deleted.html).toContain(reservationsAdminMessages.eventDeleted(2));
    expect(await groupOf(name)).toBeNull();
    expect((await fetch(`${server.url}/events/${slug}`)).status).toBe(404);
    const again = await post({ intent: "delete-event", eventId: group.id });
    expect(again.status).toBe(404);
    expect(again.html).toContain(`${reservationsAdminMessages.deleteEventFailed}: ${reservationsAdminMessages.eventGone}`);
  });

  it("lets event staff act only on events taking reservations, and only admins delete events", async () => {
    // A ticket-link event, made on the events page: not on the reservations page, not the staff's.
    const title = `Tickets Elsewhere ${stamp}`;
    const made = await fetch(`${server.url}/admin/eventmanagement`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: adminCookie },
      body: new URLSearchParams({ intent: "create", title, image: "/media/images/event-garden.svg", date, time: nextTime(), description: "Tickets elsewhere.", ticketsLink: "https://tickets.example/evening" }),
    });
    expect(made.status).toBe(200);
    const listing = await (await fetch(`${server.url}/admin/eventmanagement`, { headers: { Cookie: adminCookie } })).text();
    const ticketEventId = /name="id" value="([0-9a-f-]{36})"/.exec(listing.slice(listing.indexOf(`aria-label="${title}"`)))![1]!;

    const seats = await post({ intent: "set-max-seats", eventId: ticketEventId, maxSeats: "60" }, usherCookie);
    expect(seats.status).toBe(403);
    expect(seats.html).toContain(`${reservationsAdminMessages.seatsFailed}: ${reservationsAdminMessages.seatLimitsNotAllowed}`);
    const reminders = await post({ intent: "set-reminders", eventId: ticketEventId, enabled: "false" }, usherCookie);
    expect(reminders.status).toBe(403);
    expect(await groupOf(title)).toBeNull();

    const name = `Staying ${stamp}`;
    await createEvent(name, "8");
    const group = (await groupOf(name))!;
    for (const eventId of [ticketEventId, group.id]) {
      const deletion = await post({ intent: "delete-event", eventId }, usherCookie);
      expect(deletion.status).toBe(403);
      expect(deletion.html).toContain(`${reservationsAdminMessages.deleteEventFailed}: ${reservationsAdminMessages.deleteNotAllowed}`);
    }
    expect(await groupOf(name)).not.toBeNull();
    expect(await page("", usherCookie)).not.toContain("Delete event");
    expect(await page()).toContain("Delete event");
    // On an event taking reservations, event staff still run the page.
    expect((await post({ intent: "set-reminders", eventId: group.id, enabled: "false" }, usherCookie)).status).toBe(200);
  });

  it("searches guests by name or e-mail on the server", async () => {
    const name = `Search Night ${stamp}`;
    const { slug } = await createEvent(name, "20");
    await reserve(slug, "Fiona Findme", `fiona-${stamp}@example.com`, 1);
    await reserve(slug, "Gus Other", `gus-${stamp}@example.com`, 1);

    const byName = (await groupOf(name, `?q=${encodeURIComponent("findme")}`))!;
    expect(byName.html).toContain("Fiona Findme");
    // When each guest reserved, at the venue and in the site's date style, never a UTC stamp.
    expect(byName.html).toMatch(/data-label="Reserved">\w+ \d+(st|nd|rd|th), \d{4}, \d{1,2}:\d\d (AM|PM)</);
    expect(byName.html).not.toContain(" UTC<");
    expect(byName.html).not.toContain("Gus Other");
    // A search opens the matching lists.
    expect(byName.html).toMatch(/<details[^>]*open/);
    const byEmail = (await groupOf(name, `?q=${encodeURIComponent(`gus-${stamp}@`)}`))!;
    expect(byEmail.html).toContain("Gus Other");
    expect(byEmail.html).not.toContain("Fiona Findme");
    const none = await page(`?q=${encodeURIComponent(`nobody-${stamp}`)}`);
    expect(none).toContain(`No guest matches “nobody-${stamp}”.`);
    expect(none).not.toContain(`<tbody aria-label="${name}"`);
    expect(await page(`?q=${encodeURIComponent("%_\\")}`)).toContain("Event reservations");
  });

  it("exports one event's guest list as formula-safe CSV, logged", async () => {
    const name = `Export Evening ${stamp}`;
    const { slug } = await createEvent(name, "20");
    await reserve(slug, "=HYPERLINK(1)", `hyper-${stamp}@example.com`, 2);
    await reserve(slug, "Hana Guest", `hana-${stamp}@example.com`, 1);
    const { id } = (await groupOf(name))!;

    const response = await fetch(`${server.url}${PAGE}/${id}/guests.csv`, { headers: { Cookie: usherCookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain(`guests-${slug}.csv`);
    const lines = (await response.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Name,Email,Phone,Seats,Arrived,Reserved at,Contribution,Expected,Paid,Refunded,Method");
    // The time at the venue, as the staff pages write it, never a UTC stamp; then the contribution (issue 37).
    expect(lines[1]).toMatch(/,2,0,"\w+ \d+(st|nd|rd|th), \d{4}, \d{1,2}:\d\d (AM|PM)",Unpaid: \$60 expected,\$60,\$0,\$0,$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^"'=HYPERLINK\\(1\\)",hyper-${stamp}@example.com,,2,`));
    expect(lines[2]).toMatch(new RegExp(`^Hana Guest,hana-${stamp}@example.com,,1,`));

    expect((await fetch(`${server.url}${PAGE}/${id}/guests.csv`)).status).toBe(401);
    expect((await fetch(`${server.url}${PAGE}/00000000-0000-4000-8000-000000000000/guests.csv`, { headers: { Cookie: adminCookie } })).status).toBe(404);
    expect((await fetch(`${server.url}${PAGE}/not-an-id/guests.csv`, { headers: { Cookie: adminCookie } })).status).toBe(404);
    const activity = await (await fetch(`${server.url}/admin/activity`, { headers: { Cookie: adminCookie } })).text();
    expect(activity).toContain(`guests of ${slug}`);
  });

  it("shows the waiting list, offers seats from it (refused when they do not fit) and switches reminders", async () => {
    const name = `Full House ${stamp}`;
    const { slug } = await createEvent(name, "1");
    await reserve(slug, "Kai Guest", `kai-${stamp}@example.com`, 1);
    const joined = await fetch(`${server.url}/events/${slug}/waiting-list`, {
      method: "POST",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Lena Waiter", email: `lena-${stamp}@example.com`, phone: "", seats: "2" }),
    });
    expect(joined.status).toBe(200);
    const group = (await groupOf(name))!;
    expect(group.html).toContain("Lena Waiter");
    expect(group.html).toMatch(/Waiting/);
    const entryId = /name="entryId" value="([0-9a-f-]{36})"/.exec(group.html)![1]!;

    const refused = await post({ intent: "offer-seats", entryId, eventId: group.id }, usherCookie);
    expect(refused.status).toBe(409);
    expect(refused.html).toContain("Failed to offer seats: Not enough free seats for this group.");

    // Raising max seats offers the freed seats to the waiting list at once; they are held (taken).
    expect((await post({ intent: "set-max-seats", eventId: group.id, maxSeats: "3" })).status).toBe(200);
    const offered = (await groupOf(name))!;
    expect(offered.seats).toBe("3 taken / 3 max / 0 left");
    expect(offered.html).toMatch(/Offered(<!-- -->)? until/);

    expect(group.html).toContain("Reminder e-mails are on: the day before and three hours before, to every guest.");
    expect(group.html).toContain("Turn reminder e-mails off");
    const off = await post({ intent: "set-reminders", eventId: group.id, enabled: "false" }, usherCookie);
    expect(off.status).toBe(200);
    expect(off.html).toContain(reservationsAdminMessages.remindersOff);
    const afterwards = (await groupOf(name))!.html;
    expect(afterwards).toContain("Reminder e-mails are off: guests get no reminder before this event.");
    expect(afterwards).toContain("Turn reminder e-mails on");
  });

  it("mails every reservation holder once from the event's row, without a sign-in link; none when nobody reserved", async () => {
    const empty = `Quiet Evening ${stamp}`;
    await createEvent(empty, "5");
    const emptyId = (await groupOf(empty))!.id;
    const refused = await post({ intent: "send-attendee-mail", eventId: emptyId, subject: "Hello", message: "Nobody here" }, usherCookie);
    expect(refused.status).toBe(400);
    expect(refused.html).toContain(reservationsAdminMessages.noRecipients);

    const name = `Mail Night ${stamp}`;
    const { slug } = await createEvent(name, "20");
    const guests = [`ivy-${stamp}@example.com`, `jon-${stamp}@example.com`];
    await reserve(slug, "Ivy Guest", guests[0]!, 2);
    await reserve(slug, "Jon Guest", guests[1]!, 1);
    // The same inbox again, typed differently: it gets one e-mail.
    await reserve(slug, "Ivy Again", `  IVY-${stamp}@Example.com`, 1);
    const { id } = (await groupOf(name))!;

    const missing = await post({ intent: "send-attendee-mail", eventId: id, subject: "", message: "Text" });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Please enter a subject and a message.");

    // The first press only reviews: the count, and a sample of the e-mail; nothing is sent.
    const mail = { intent: "send-attendee-mail", eventId: id, subject: `Parking ${stamp}`, message: "Park on **Elm Street**. [The evening]({{link}})" };
    const review = await post(mail, usherCookie);
    expect(review.status).toBe(200);
    expect(review.html).toContain("Send to 2 people");
    const token = /name="confirm" value="([^"]+)"/.exec(review.html)?.[1];
    expect(token).toBeTruthy();
    const sent = await post({ ...mail, confirm: token! }, usherCookie);
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(reservationsAdminMessages.announcementQueued(2, 0));
    for (const guest of guests) {
      const [mail] = await waitFor(() => {
        const found = mailsTo(sink, guest).filter((message) => message.subject === `Parking ${stamp}`);
        return found.length ? found : undefined;
      });
      const body = decodedBody(mail!);
      expect(body).toContain("<strong>Elm Street</strong>");
      expect(body).not.toContain("/login/campaign");
      expect(body).toContain(`/events/${slug}`);
      expect(headerOf(mail!, "List-Unsubscribe")).toContain("/unsubscribe?token=");
    }
    // Once the campaign has completed (every message sent), each address still has exactly one.
    const completed = new RegExp(`campaign-status">Completed</span> · (<!-- -->)?Guests of ${name}(<!-- -->)? · `);
    await waitFor(async () => completed.test(await page()) || undefined);
    for (const guest of guests) expect(mailsTo(sink, guest).filter((message) => message.subject === `Parking ${stamp}`)).toHaveLength(1);
  });
});
