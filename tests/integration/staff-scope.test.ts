import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailsTo } from "#tests/support/campaigns";
import { signInOverHttp } from "#tests/support/http-session";
import { type SmtpSink, waitForMail } from "#tests/support/smtp-sink";
import { createPublishedEvent } from "#tests/support/staff-events";
import { startServerWithMail, stopServerWithMail } from "#tests/support/server-with-mail";
import type { TestServer } from "#tests/support/test-server";
import { waitFor } from "#tests/support/wait-for";

/**
 * Event staff act only on events in their scope: published events taking reservations (issue 34,
 * item 5). Over HTTP, as a browser without JavaScript and a script post them: on a draft and on an
 * archived event (each with a guest, an arrival, a waiting guest and an attendee mail from when it
 * was published) every event-level action and read of event staff is refused and changes nothing
 * (no activity, no guest, no mail); on a published event they work (the control); an admin's
 * still work on all three.
 */
describe("event staff act only on published events taking reservations", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const admin = `scope-admin-${stamp}@example.com`;
  const usher = `scope-usher-${stamp}@example.com`;
  const cookies = { admin: "", usher: "" };
  const RESERVATIONS = "/admin/eventreservations";

  interface PreparedEvent {
    title: string;
    id: string;
    /** Ann's reservation: two seats, one arrived. */
    annId: string;
    ann: string;
    /** Bob, waiting for two seats (on the events with one seat left). */
    bob: string;
    entryId?: string;
    /** The attendee mail sent while the event was published. */
    campaignId: string;
  }
  const prepared: Partial<Record<"published" | "draft" | "archived", PreparedEvent>> = {};

  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} }).then(async (response) => ({ status: response.status, html: await response.text() }));
  const post = (path: string, fields: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url, ...(cookie ? { Cookie: cookie } : {}) },
      body: new URLSearchParams(fields),
    }).then(async (response) => ({ status: response.status, html: await response.text() }));
  const announce = (body: Record<string, unknown>, cookie: string) =>
    fetch(`${server.url}/api/sendAnnouncement`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url, Cookie: cookie },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { sent?: number; error?: string } }));
  const checkInPage = (id: string) => `${RESERVATIONS}/${id}/check-in`;
  /** React writes `<!-- -->` between adjacent text parts; the tests read the text without them. */
  const text = (html: string) => html.replace(/<!-- -->/g, "");

  /** An event's group of rows on the reservations page as `cookie` sees it, or null when it is not there. */
  async function groupOf(title: string, cookie: string): Promise<string | null> {
    const html = (await get(RESERVATIONS, cookie)).html;
    const start = html.indexOf(`<tbody aria-label="${title}"`);
    if (start < 0) return null;
    const next = html.indexOf('<tbody aria-label="', start + 1);
    return html.slice(start, next === -1 ? html.indexOf("<script", start) : next);
  }

  /** What an admin sees of an event's guests: its guest list (names, addresses, seats, arrivals) and its row on the reservations page (reminders, waiting list). */
  async function stateOf(event: PreparedEvent) {
    const guests = await get(`${RESERVATIONS}/${event.id}/guests.csv`, cookies.admin);
    expect(guests.status).toBe(200);
    return { guests: guests.html, group: await groupOf(event.title, cookies.admin) };
  }

  /** How many activity entries event staff have written. */
  async function usherActivity() {
    const html = text((await get(`/admin/activity?person=${encodeURIComponent(usher)}`, cookies.admin)).html);
    return Number(/newest first \((\d+)\)/.exec(html)?.[1]);
  }

  /**
   * A published event with Ann (two seats, one arrived) and an attendee mail; a full one also has
   * Bob waiting. Then, as an admin on the events page, it is unpublished (a draft) or archived.
   */
  async function prepare(state: "published" | "draft" | "archived", hour: string): Promise<PreparedEvent> {
    const title = `Scope ${state} ${stamp}`;
    const full = state !== "published";
    const { id, slug } = await createPublishedEvent(server.url, cookies.admin, { title, date: "2031-10-02", time: hour, maxSeats: full ? 3 : 6 });
    const ann = `ann-${state}-${stamp}@example.com`;
    const bob = `bob-${state}-${stamp}@example.com`;
    expect((await post(`/events/${slug}/reserve`, { name: "Ann Guest", email: ann, phone: "", seats: "2" })).status).toBe(200);
    // Bob's two seats do not fit in the one left: he waits.
    if (full) expect((await post(`/events/${slug}/waiting-list`, { name: "Bob Waiter", email: bob, phone: "", seats: "2" })).status).toBe(200);
    const door = (await get(checkInPage(id), cookies.admin)).html;
    const annId = /id="guest-([0-9a-f-]{36})"[^>]*>Ann Guest</.exec(door)![1]!;
    expect((await post(checkInPage(id), { intent: "arrive-one", reservationId: annId }, cookies.admin)).status).toBe(200);
    const subject = `Note for ${title}`;
    expect((await announce({ eventId: id, subject, html: "Doors at seven." }, cookies.admin)).status).toBe(200);
    const group = (await groupOf(title, cookies.admin))!;
    const entryId = /name="entryId" value="([0-9a-f-]{36})"/.exec(group)?.[1];
    const page = (await get(RESERVATIONS, cookies.admin)).html;
    const campaignId = new RegExp(`aria-label="Campaign ${subject}" data-campaign-id="([0-9a-f-]{36})"`).exec(page)![1]!;
    // Ann's confirmation and the mail; Bob's place in line.
    await waitForMail(sink, ann, 1);
    if (full) await waitForMail(sink, bob);
    if (state !== "published") {
      const moved = await post("/admin/eventmanagement", { intent: state === "draft" ? "unpublish" : "archive", id }, cookies.admin);
      expect(moved.status, moved.html.slice(0, 300)).toBe(200);
    }
    return { title, id, annId, ann, bob, entryId, campaignId };
  }

  beforeAll(async () => {
    ({ server, sink } = await startServerWithMail({
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: admin,
      EVENT_STAFF_EMAILS: usher,
      RATE_LIMIT_MULTIPLIER: "50",
      OUTBOX_RETRY_DELAY_SECONDS: "1",
    }));
    cookies.admin = await signInOverHttp(server.url, sink, admin);
    cookies.usher = await signInOverHttp(server.url, sink, usher);
    prepared.published = await prepare("published", "18:00");
    prepared.draft = await prepare("draft", "19:00");
    prepared.archived = await prepare("archived", "20:00");
  }, 240_000);
  afterAll(() => stopServerWithMail(server, sink));

  /** Every event-level action and read, as `cookie` makes it, with the answer's status. */
  function actionsOn(event: PreparedEvent, cookie: string, tag: string) {
    const guest = { name: `Walk In ${tag}`, email: `walk-${tag}-${stamp}@example.com`, phone: "", seats: "1", sendConfirmation: "on" };
    const edited = { reservationId: event.annId, name: `Ann Edited ${tag}`, email: event.ann, phone: "+1 619 555 0100", seats: "2" };
    return {
      "the reservations page's row": async () => ((await groupOf(event.title, cookie)) ? 200 : 403),
      "the check-in page": async () => (await get(checkInPage(event.id), cookie)).status,
      "the check-in page's data": async () => (await get(`${checkInPage(event.id)}.data`, cookie)).status,
      "the guest list CSV": async () => (await get(`${RESERVATIONS}/${event.id}/guests.csv`, cookie)).status,
      "switching reminders off": async () => (await post(RESERVATIONS, { intent: "set-reminders", eventId: event.id, enabled: "false" }, cookie)).status,
      "adding a guest (with a confirmation)": async () => (await post(RESERVATIONS, { intent: "add-guest", eventId: event.id, ...guest }, cookie)).status,
      "adding a walk-in at the door": async () => (await post(checkInPage(event.id), { intent: "add-guest", ...guest, walkIn: "on", email: "", sendConfirmation: "" }, cookie)).status,
      "editing a guest": async () => (await post(RESERVATIONS, { intent: "edit-guest", eventId: event.id, ...edited }, cookie)).status,
      "editing a guest at the door": async () => (await post(checkInPage(event.id), { intent: "edit-guest", ...edited, name: `Ann Door ${tag}` }, cookie)).status,
      "marking a seat arrived": async () => (await post(checkInPage(event.id), { intent: "arrive-one", reservationId: event.annId }, cookie)).status,
      "undoing an arrival": async () => (await post(checkInPage(event.id), { intent: "undo", reservationId: event.annId }, cookie)).status,
      "marking the whole group arrived": async () => (await post(checkInPage(event.id), { intent: "arrive-all", reservationId: event.annId }, cookie)).status,
      "reviewing a mail to the guests": async () => (await post(RESERVATIONS, { intent: "send-attendee-mail", eventId: event.id, subject: `Hi ${tag}`, message: "Hello." }, cookie)).status,
      "confirming a mail to the guests": async () =>
        (await post(RESERVATIONS, { intent: "send-attendee-mail", eventId: event.id, subject: `Hi ${tag}`, message: "Hello.", confirm: "1.1.x" }, cookie)).status,
      "mailing the guests through the API": async () => (await announce({ eventId: event.id, subject: `Api ${tag}`, html: "Hello." }, cookie)).status,
      "offering seats to a waiting guest": async () => (event.entryId ? (await post(RESERVATIONS, { intent: "offer-seats", eventId: event.id, entryId: event.entryId }, cookie)).status : 0),
      "deleting a reservation": async () => (await post(RESERVATIONS, { intent: "delete-reservation", eventId: event.id, reservationId: event.annId }, cookie)).status,
    };
  }

  it.each(["draft", "archived"] as const)("refuses event staff every action on the %s event, changing nothing and mailing nobody", async (state) => {
    const event = prepared[state]!;
    const before = await stateOf(event);
    const activity = await usherActivity();
    const mails = sink.received.length;

    const answers: Record<string, number> = {};
    for (const [name, act] of Object.entries(actionsOn(event, cookies.usher, `usher-${state}`))) answers[name] = await act();
    expect(answers).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 403])));
    // Its attendee mail is not among the reservations page's mails, nor can they control it.
    expect((await post(RESERVATIONS, { intent: "cancel", campaignId: event.campaignId }, cookies.usher)).status).toBe(403);
    expect((await get(RESERVATIONS, cookies.usher)).html).not.toContain(`Note for ${event.title}`);

    expect(await stateOf(event)).toEqual(before);
    expect(await usherActivity()).toBe(activity);
    // Nothing queued: a sign-in link asked for now arrives, and nothing else came before or with it.
    const marker = `scope-marker-${state}-${stamp}@example.com`;
    await fetch(`${server.url}/api/auth/sign-in/magic-link`, { method: "POST", headers: { "Content-Type": "application/json", Origin: server.url }, body: JSON.stringify({ email: marker }) });
    await waitForMail(sink, marker);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(sink.received.slice(mails).flatMap((mail) => mail.to)).toEqual([marker]);
    const communications = (await get("/admin/communications", cookies.admin)).html;
    expect(communications).not.toContain(`Api usher-${state}`);
  });

  it("lets event staff do them all on a published event taking reservations (the control)", async () => {
    const event = prepared.published!;
    const answers: Record<string, number> = {};
    for (const [name, act] of Object.entries(actionsOn(event, cookies.usher, "usher-published"))) answers[name] = await act();
    expect(answers).toEqual({
      "the reservations page's row": 200,
      "the check-in page": 200,
      "the check-in page's data": 200,
      "the guest list CSV": 200,
      "switching reminders off": 200,
      "adding a guest (with a confirmation)": 200,
      "adding a walk-in at the door": 200,
      "editing a guest": 200,
      "editing a guest at the door": 200,
      "marking a seat arrived": 200,
      "undoing an arrival": 200,
      "marking the whole group arrived": 200,
      // The review (nothing sent yet); a made-up confirm token is answered with the review again.
      "reviewing a mail to the guests": 200,
      "confirming a mail to the guests": 200,
      "mailing the guests through the API": 200,
      // Not full, nobody waits.
      "offering seats to a waiting guest": 0,
      "deleting a reservation": 200,
    });
    await waitForMail(sink, `walk-usher-published-${stamp}@example.com`);
  });

  it.each(["draft", "archived"] as const)("lets an admin act on the %s event as before", async (state) => {
    const event = prepared[state]!;
    const answers: Record<string, number> = {};
    for (const [name, act] of Object.entries(actionsOn(event, cookies.admin, `admin-${state}`))) answers[name] = await act();
    expect(answers).toMatchObject({
      "the reservations page's row": 200,
      "the check-in page": 200,
      "the check-in page's data": 200,
      "the guest list CSV": 200,
      "switching reminders off": 200,
      "adding a guest (with a confirmation)": 200,
      "editing a guest": 200,
      "editing a guest at the door": 200,
      "undoing an arrival": 200,
      "marking the whole group arrived": 200,
      "reviewing a mail to the guests": 200,
      "mailing the guests through the API": 200,
      // Seats are offered only for a published, upcoming event: the offer's own rule (422), never the policy's.
      "offering seats to a waiting guest": 422,
      "deleting a reservation": 200,
    });
    // The guest added before took the last seat: the walk-in is refused by the seat rule (400), not the policy.
    expect(answers["adding a walk-in at the door"]).toBe(400);
    expect(answers["marking a seat arrived"]).toBe(200);
    expect((await post(RESERVATIONS, { intent: "retry", campaignId: event.campaignId }, cookies.admin)).status).not.toBe(403);
    await waitFor(() => mailsTo(sink, `walk-admin-${state}-${stamp}@example.com`)[0]);
  });
});
