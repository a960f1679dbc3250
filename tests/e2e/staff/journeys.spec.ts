import { expect as baseExpect, type Locator, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { openAsAPerson } from "../support/as-a-person";
import { linkIn, mailTo, waitForMail } from "../support/mail";
import { signInWithLink } from "../support/auth";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { pickImage, unique } from "../support/staff-forms";
import { onBothDatabases } from "../support/tags";

/**
 * The two first-time journeys of issue 24, walked as the person does them (acting as each page shows,
 * no wait for hydration) and counted in clicks, so the closing note's figures come from a run:
 * - the founder at a desk: sign in, create an event, publish it, see its guests, mail them, send a
 *   campaign, import past attendees;
 * - the door volunteer on a phone: sign in, reach tonight's door, check a guest in, add a walk-in.
 * A click is a press of a button, link, box or file chooser; typing is not counted.
 */
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 25_000 });

/** Counts the presses of one journey, step by step. */
function clickCounter() {
  const steps: Array<[string, number]> = [];
  let current = 0;
  return {
    async press(target: Locator, how: "click" | "check" = "click") {
      current += 1;
      if (how === "check") await target.check();
      else await target.click();
    },
    /** A press outside the page (the link in the e-mail, in the mail app). */
    tally() {
      current += 1;
    },
    async choose(target: Locator, files: Parameters<Locator["setInputFiles"]>[0]) {
      current += 1;
      await target.setInputFiles(files);
    },
    step(name: string) {
      steps.push([name, current]);
      current = 0;
    },
    report(journey: string) {
      const lines = steps.map(([name, count]) => `  ${name}: ${count}`);
      console.log(`${journey} (clicks per step):\n${lines.join("\n")}\n  total: ${steps.reduce((sum, [, count]) => sum + count, 0)}`);
      return steps;
    },
  };
}

/** The first sign-in, from /login: the e-mailed link, then its button. */
async function signInFromTheLoginPage(page: Page, email: string, clicks: ReturnType<typeof clickCounter>) {
  const before = (await mailTo(email)).length;
  await openAsAPerson(page, "/login");
  await page.getByRole("main").getByLabel("Email address").fill(email);
  await clicks.press(page.getByRole("button", { name: "Send me a sign-in link" }));
  const mail = await waitForMail(email, before + 1);
  // Opening the link in the e-mail is a click in the mail app.
  clicks.tally();
  await openAsAPerson(page, linkIn(mail, "/login/link?"));
  await clicks.press(page.getByRole("button", { name: "Sign in" }));
}

test("the founder at a desk: create, publish, see the guests, mail them, a campaign, an import", onBothDatabases, async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const clicks = clickCounter();
  const title = unique("Journey Evening");
  const stamp = Date.now().toString(36);

  await signInFromTheLoginPage(page, staffAccounts.journeyFounder[0], clicks);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  clicks.step("sign in (lands on the dashboard)");

  await clicks.press(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Events", exact: true }));
  await expect(page).toHaveURL(/\/admin\/eventmanagement$/);
  await clicks.press(page.getByRole("link", { name: "New event" }));
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2031-05-17");
  await page.getByLabel("Time *").fill("19:00");
  clicks.step("open the new event form");
  clicks.tally();
  await pickImage(page, "Garden");
  await page.getByLabel("Description *").fill("An evening of live piano.");
  await page.getByLabel("Max seats").fill("20");
  await clicks.press(page.getByRole("button", { name: "Create event" }));
  const row = page.getByRole("row", { name: title, exact: true });
  await expect(row).toContainText("Draft");
  clicks.step("create the event (a draft)");

  await clicks.press(row.getByRole("button", { name: "Publish", exact: true }));
  await expect(row).toContainText("Published");
  clicks.step("publish it");

  // Two guests reserve on the public page meanwhile.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const slug = new RegExp(`/events/(${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-\\d+)<`).exec(sitemap)![1];
  const guests = [`jo-${stamp}@example.com`, `kai-${stamp}@example.com`];
  for (const [index, email] of guests.entries()) {
    const reserved = await request.post(`/events/${slug}/reserve`, { headers: { Origin: siteUrl }, form: { name: index ? "Kai Guest" : "Jo Guest", email, phone: "", seats: "1" } });
    expect(reserved.status()).toBe(200);
  }

  await clicks.press(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Reservations", exact: true }));
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  const group = page.getByRole("rowgroup", { name: title, exact: true });
  await clicks.press(group.locator("summary").filter({ hasText: "Guests:" }));
  await expect(group.getByRole("cell", { name: "Jo Guest", exact: true })).toBeVisible();
  clicks.step("see the guests");

  await group.getByLabel("Subject").fill(`Doors at seven ${stamp}`);
  await group.getByLabel("Message (plain text or Markdown)").fill("Dear {{name}}, the doors open at seven.");
  await clicks.press(group.getByRole("button", { name: "Review and send" }));
  await clicks.press(group.getByRole("region", { name: "Check before sending" }).getByRole("button", { name: "Send to 2 people" }));
  for (const guest of guests) {
    await expect.poll(async () => (await mailTo(guest)).filter((mail) => mail.subject === `Doors at seven ${stamp}`).length, { timeout: 30_000 }).toBe(1);
  }
  clicks.step("mail the guests (review, then send)");

  const reader = { name: `Journey Reader ${stamp}`, email: `reader-${stamp}@example.com` };
  const joined = await request.post("/join", { form: { intent: "join", ...reader, interest: "piano", consent: "on", emailConsent: "on", source: "join" } });
  expect(joined.status()).toBe(200);
  await clicks.press(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Communications", exact: true }));
  await expect(page).toHaveURL(/\/admin\/communications$/);
  // Exact: the reservations page's "Search guests" form may still be on screen for a frame after the URL changes.
  await page.getByLabel("Search", { exact: true }).fill(stamp);
  await clicks.press(page.getByRole("button", { name: "Filter" }));
  await clicks.press(page.getByRole("checkbox", { name: `Select ${reader.name} (${reader.email})` }), "check");
  await page.getByLabel("Subject").fill(`The recording ${stamp}`);
  await page.getByLabel(/^Message/).fill("Hi {{name}}, your recording: {{link}}");
  await clicks.press(page.getByRole("button", { name: "Send", exact: true }));
  await clicks.press(page.getByRole("region", { name: "Check before sending" }).getByRole("button", { name: "Send to 1 person" }));
  await expect.poll(async () => (await mailTo(reader.email)).filter((mail) => mail.subject === `The recording ${stamp}`).length, { timeout: 30_000 }).toBe(1);
  clicks.step("send a campaign to one person (search, tick, review, send)");

  const invitee = `past-${stamp}@example.com`;
  const csv = ["First Name,Last Name,Email,City,State,Event Name,Event Start Date", `Pat,Past,${invitee},San Diego,CA,Spring Session,2025-04-06`].join("\n");
  const section = page.getByRole("region", { name: "Invite past attendees" });
  await clicks.choose(section.getByLabel("Attendee CSV file"), { name: "past.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await clicks.press(section.getByRole("button", { name: "Preview import" }));
  await clicks.press(section.getByRole("button", { name: "Confirm: invite 1 person" }));
  await waitForMail(invitee, 1);
  clicks.step("import past attendees (file, preview, confirm)");

  const steps = clicks.report("The founder at 1280 px");
  // Each step takes a handful of presses; a step that grew would show here first.
  for (const [name, count] of steps) expect(count, name).toBeLessThanOrEqual(5);
});

test("the door volunteer on a phone: sign in, check a guest in, add a walk-in", onBothDatabases, async ({ page, browser }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const clicks = clickCounter();
  // Tonight's guests: an admin's event with one reservation.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  const title = unique("Door Journey");
  await signInWithLink(adminPage, staffAccounts.journeyFounder[1], "/admin/eventmanagement");
  const event = await createPublishedEvent(adminPage.request, { title, date: "2031-05-18", time: "19:00", maxSeats: "20" });
  const reserved = await adminPage.request.post(`${event.href}/reserve`, { headers: { Origin: siteUrl }, form: { name: "Gia Guest", email: `gia-${Date.now().toString(36)}@example.com`, phone: "", seats: "2" } });
  expect(reserved.status()).toBe(200);
  await admin.close();

  await signInFromTheLoginPage(page, staffAccounts.journeyVolunteer[0], clicks);
  // She lands on the next event's door (the demo's, on a fresh site); this journey's event is further on.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Check-in");
  clicks.step("sign in (lands on the next event's check-in)");

  await clicks.press(page.getByRole("link", { name: "← Event reservations" }));
  await clicks.press(page.getByRole("link", { name: `Check-in for ${title}` }));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
  clicks.step("reach another event's door");

  const gia = page.getByRole("listitem", { name: "Gia Guest" });
  await clicks.press(gia.getByRole("button", { name: "Mark all 2 seats arrived for Gia Guest" }));
  await expect(gia).toContainText("2 of 2 seats arrived");
  clicks.step("check a guest in");

  await clicks.press(page.locator("summary", { hasText: "Add a walk-in" }));
  const walkIn = page.locator("form").filter({ has: page.locator('input[name="walkIn"]') });
  await walkIn.getByLabel("Name").fill("Walt Walkin");
  await walkIn.getByLabel("Seats").fill("1");
  await clicks.press(walkIn.getByRole("button", { name: "Add a walk-in" }));
  await expect(page.getByRole("listitem", { name: "Walt Walkin" })).toContainText(/1 of 1 seats? arrived/);
  clicks.step("add a walk-in");

  const steps = clicks.report("The door volunteer at 390 px");
  for (const [name, count] of steps) expect(count, name).toBeLessThanOrEqual(3);
});
