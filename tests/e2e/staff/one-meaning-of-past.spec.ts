import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { linkIn, mailTo, waitForMail } from "../support/mail";
import { siteUrl } from "../support/ports";
import { eventIdOf } from "../support/staff-events";
import { siteConfig } from "#app/lib/site-config";
import { instantToVenueDateTime } from "#app/modules/events/event-venue-time";
import { onBothDatabases } from "../support/tags";

/**
 * One meaning of "past" (issue 35, docs/decisions/056): an event that began earlier today, one
 * from yesterday and one marked 'Past Event' by hand (ahead of every upcoming event, as the
 * 'Breath and Sound Workshop' was) read as past everywhere: the public list, the events page's
 * '(past)' and counters, the dashboard's Next events, the reservations page; and event staff land
 * at the door of today's event with guests, not on an empty one that began earlier. Acted as a
 * person does, straight after each page loads, at 1280 and 390 px.
 */

test.describe.configure({ timeout: 180_000, mode: "serial" });
const expect = baseExpect.configure({ timeout: 25_000 });
const EVENTS_PAGE = "/admin/eventmanagement";
const timeZone = siteConfig.venue.timeZone;
const MINUTE = 60_000;

const stamp = `${Date.now().toString(36)}${process.pid}`;
const titles = {
  begun: `Begun Today ${stamp}`,
  emptyEarlier: `Empty Earlier ${stamp}`,
  yesterday: `Yesterday Evening ${stamp}`,
  marked: `Marked Over ${stamp}`,
  later: `Later Evening ${stamp}`,
};
const pastTitles = [titles.begun, titles.emptyEarlier, titles.yesterday, titles.marked];

/** The venue's date and time of an instant, as the event form takes them. */
const venueAt = (instant: Date) => instantToVenueDateTime(instant, timeZone);

async function postEventForm(page: Page, form: Record<string, string>) {
  const response = await page.request.post(EVENTS_PAGE, { headers: { Origin: siteUrl }, form });
  expect(response.status(), `${form.intent} ${form.title ?? form.id}`).toBe(200);
}

/** An event made the one way (Events → New event, then Publish), taking reservations; its id. */
async function publishedEvent(page: Page, title: string, when: { date: string; time: string }, extra: Record<string, string> = {}): Promise<string> {
  const form = { title, image: "/media/images/event-garden.svg", ...when, description: "An evening of live piano.", location: "Past Hall", reservations: "on", maxSeats: "20", ...extra };
  await postEventForm(page, { intent: "create", ...form });
  const id = await eventIdOf(page.request, title);
  await postEventForm(page, { intent: "publish", id });
  return id;
}

async function slugOf(page: Page, title: string): Promise<string> {
  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  const slug = new RegExp(`/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)<`).exec(sitemap)?.[1];
  expect(slug, `the address of ${title}`).toBeTruthy();
  return slug!;
}

const ids: Record<string, string> = {};

test.beforeAll(async ({ browser }) => {
  const now = new Date();
  const minutesToday = Number(venueAt(now).time.slice(0, 2)) * 60 + Number(venueAt(now).time.slice(3));
  // In the venue day's first minutes there is no 'earlier today' to put events in.
  test.skip(minutesToday < 5, "the venue's day has only just begun");
  const page = await browser.newPage();
  await signInWithLink(page, staffAccounts.pastAdmins[4]!, "/admin");
  const today = venueAt(now).date;
  // Begun a few minutes ago, with a guest (reserved while it was still ahead, then moved to today).
  const future = { date: "2033-03-03", time: "19:00" };
  ids.begun = await publishedEvent(page, titles.begun, future);
  const reserved = await page.request.post(`/events/${await slugOf(page, titles.begun)}/reserve`, {
    headers: { Origin: siteUrl },
    form: { name: "Dora Door", email: `dora-${stamp}@example.com`, phone: "", seats: "2" },
  });
  expect(reserved.status()).toBe(200);
  await postEventForm(page, {
    intent: "update",
    id: ids.begun,
    title: titles.begun,
    image: "/media/images/event-garden.svg",
    ...venueAt(new Date(now.getTime() - 3 * MINUTE)),
    description: "An evening of live piano.",
    location: "Past Hall",
    reservations: "on",
    maxSeats: "20",
  });
  // Earlier today without guests: where the door used to land.
  ids.emptyEarlier = await publishedEvent(page, titles.emptyEarlier, { date: today, time: "00:01" });
  ids.yesterday = await publishedEvent(page, titles.yesterday, venueAt(new Date(now.getTime() - 24 * 60 * MINUTE)));
  // Marked over by hand, two hours ahead: sooner than every upcoming event.
  ids.marked = await publishedEvent(page, titles.marked, venueAt(new Date(now.getTime() + 120 * MINUTE)), { button: "past event" });
  ids.later = await publishedEvent(page, titles.later, { date: "2033-04-04", time: "19:00" });
  await page.close();
});

const widths = [
  { label: "1280 px", width: 1280, height: 900, admin: 5 },
  { label: "390 px", width: 390, height: 844, admin: 6 },
];

for (const size of widths) {
  test(`at ${size.label}, the events that began today, yesterday's and the one marked 'Past Event' are past on every page`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await signInWithLink(page, staffAccounts.pastAdmins[size.admin]!, "/admin");

    // The public list: each card says 'Past Event', after every upcoming one (the later evening among them).
    await openAsAPerson(page, "/events");
    await expect(page.getByRole("heading", { name: "Upcoming Events" })).toBeVisible();
    const cards = await page.locator("article").evaluateAll((articles) =>
      articles.map((card) => ({ title: card.querySelector("h2, h3")?.textContent?.trim() ?? "", button: card.querySelector("button, a.button-primary")?.textContent?.trim() ?? "" })),
    );
    const position = (title: string) => cards.findIndex((card) => card.title === title);
    expect(position(titles.later)).toBeGreaterThan(-1);
    for (const title of pastTitles) {
      expect(cards[position(title)]?.button, title).toBe("Past Event");
      expect(position(title), `${title} after the upcoming ones`).toBeGreaterThan(position(titles.later));
    }

    // The events page: marked '(past)', and the counters agree with the marks.
    await openAsAPerson(page, `${EVENTS_PAGE}?show=all`);
    const rows = page.locator("tr[aria-label]");
    await expect(rows.first()).toBeVisible();
    for (const title of pastTitles) await expect(page.getByRole("row", { name: title, exact: true })).toContainText("(past)");
    await expect(page.getByRole("row", { name: titles.later, exact: true })).not.toContainText("(past)");
    const marked = await rows.filter({ hasText: "(past)" }).count();
    const all = await rows.count();
    const stats = page.locator("dl[aria-label='Event statistics']");
    await expect(stats.locator("[data-stat='past']")).toHaveText(String(marked));
    await expect(stats.locator("[data-stat='upcoming']")).toHaveText(String(all - marked));

    // The dashboard's Next events: none of them (the marked one used to come first).
    await openAsAPerson(page, "/admin");
    const next = page.getByRole("list", { name: "Upcoming events, soonest first" });
    await expect(next.getByRole("listitem").first()).toBeVisible();
    for (const title of [...pastTitles, "Breath and Sound Workshop"]) await expect(next).not.toContainText(title);

    // The reservations page: 'Past', after the upcoming events.
    await openAsAPerson(page, "/admin/eventreservations");
    const groups = await page.locator("tbody[aria-label]").evaluateAll((bodies) => bodies.map((body) => body.getAttribute("aria-label") ?? ""));
    for (const title of pastTitles) {
      const group = page.getByRole("rowgroup", { name: title, exact: true });
      await expect(group.getByText("Past", { exact: true })).toBeVisible();
      expect(groups.indexOf(title), `${title} after the upcoming ones`).toBeGreaterThan(groups.indexOf(titles.later));
    }
    await expect(page.getByRole("rowgroup", { name: titles.later, exact: true }).getByText("Past", { exact: true })).toHaveCount(0);
  });
}

test("event staff signing in land at the door of today's event with guests, not the empty one that began earlier", onBothDatabases, async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const email = staffAccounts.pastStaff[0]!;
  const before = (await mailTo(email)).length;
  await openAsAPerson(page, "/login");
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send me a sign-in link" }).click();
  const mail = await waitForMail(email, before + 1);
  await openAsAPerson(page, linkIn(mail, "/login/link?"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/eventreservations/${ids.begun}/check-in$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Check-in");
  await expect(page.getByText("Dora Door", { exact: true }).first()).toBeVisible();
});
