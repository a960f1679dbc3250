import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { openBeforeHydration } from "../support/as-a-person";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { mailTo, waitForMail } from "../support/mail";
import { siteUrl } from "../support/ports";
import { createPublishedEvent } from "../support/staff-events";
import { pickImage, unique } from "../support/staff-forms";

/**
 * The staff forms as a person uses them: they type and tick the moment the page looks ready,
 * before React has taken over (decision 034), and nothing of it may be lost when it does. Each
 * test holds the page's scripts back, acts, lets them run, then sends and checks what arrived.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const account = staffAccounts.staffForms;

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function joinCommunity(request: APIRequestContext, person: { name: string; email: string; phone?: string }) {
  const response = await request.post("/join", {
    form: { intent: "join", name: person.name, email: person.email, phone: person.phone ?? "", interest: "piano", consent: "on", emailConsent: "on", ...(person.phone ? { smsConsent: "on" } : {}), source: "join" },
  });
  expect(response.ok()).toBe(true);
}

/** A published event made on the events page (its form, posted), with guests reserved through the public form. */
async function eventWithGuests(page: Page, guests: Array<[name: string, email: string]>): Promise<{ name: string; checkIn: string }> {
  const name = unique("Person Evening");
  const { href } = await createPublishedEvent(page.request, { title: name, date: "2032-08-14", time: `20:${String(Math.floor(Math.random() * 60)).padStart(2, "0")}`, maxSeats: "20" });
  await page.goto("/admin/eventreservations");
  for (const [guest, email] of guests) {
    const reserved = await page.request.post(`${href}/reserve`, { headers: { Origin: siteUrl }, form: { name: guest, email, phone: "", seats: "2" } });
    expect(reserved.status()).toBe(200);
  }
  const checkIn = (await page.getByRole("link", { name: `Check-in for ${name}` }).getAttribute("href"))!;
  return { name, checkIn };
}

test("D5: recipients ticked before hydration count, and Send mails exactly them (never the whole list)", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const people = ["Ada", "Bo", "Cy"].map((first) => ({ name: `${first} Early`, email: `early-${first.toLowerCase()}-${stamp}@example.com` }));
  for (const person of people) await joinCommunity(request, person);
  await signInWithLink(page, account[0]!, "/admin/communications");

  const { hydrate } = await openBeforeHydration(page, `/admin/communications?q=${stamp}`);
  await page.getByRole("checkbox", { name: `Select ${people[0]!.name} (${people[0]!.email})` }).check();
  await page.getByRole("checkbox", { name: `Select ${people[1]!.name} (${people[1]!.email})` }).check();
  await page.getByLabel("Subject").fill("Ticked early");
  await page.getByLabel(/^Message/).fill("Hi {{name}}: {{link}}");
  await hydrate();

  await expect(page.getByText(/^2 selected ·/)).toBeVisible();
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("button", { name: "Send to 2 people" }).click();
  await expect(toast(page, "Queued for 2 recipients.")).toBeVisible();
  // Each joined first (the welcome); the campaign is their second message.
  const [first, second] = await Promise.all([waitForMail(people[0]!.email, 2), waitForMail(people[1]!.email, 2)]);
  expect([first.subject, second.subject]).toEqual(["Ticked early", "Ticked early"]);
  await page.waitForTimeout(1000);
  expect(await mailTo(people[2]!.email)).toHaveLength(1);
});

test("the attendee mail's subject and message typed before hydration are sent", async ({ page }) => {
  const guest = `early-guest-${Date.now().toString(36)}@example.com`;
  await signInWithLink(page, account[1]!, "/admin/eventreservations");
  const event = await eventWithGuests(page, [["Ruth Early", guest]]);
  // The reservation's confirmation goes out first; the attendee mail is the second message.
  expect((await waitForMail(guest, 1)).subject).toMatch(/^Reservation confirmed/);

  const { hydrate } = await openBeforeHydration(page, "/admin/eventreservations");
  const group = page.getByRole("rowgroup", { name: event.name, exact: true });
  await group.locator("summary").filter({ hasText: "Guests:" }).click();
  await group.getByLabel("Subject").fill("Doors open at seven");
  await group.getByLabel(/^Message/).fill("See you on Saturday.");
  await hydrate();

  await expect(group.getByLabel("Subject")).toHaveValue("Doors open at seven");
  await group.getByRole("button", { name: "Review and send" }).click();
  await group.getByRole("button", { name: "Send to 1 person" }).click();
  const mail = await waitForMail(guest, 2);
  expect(mail.subject).toBe("Doors open at seven");
  expect(mail.text).toContain("See you on Saturday.");
});

test("a new event typed before hydration keeps its location, its picked image and the person's focus", async ({ page }) => {
  await signInWithLink(page, account[2]!, "/admin/eventmanagement");
  const title = unique("Early Editor");

  const { hydrate } = await openBeforeHydration(page, "/admin/eventmanagement?new=1");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-09-03");
  await page.getByLabel("Time *").fill("19:15");
  await page.getByLabel("Description *").fill("Typed before the scripts ran.");
  await pickImage(page, "Beach");
  await page.getByLabel("Location", { exact: true }).fill("Harbour");
  await hydrate();

  const location = page.getByLabel("Location", { exact: true });
  await expect(location).toBeFocused();
  await page.keyboard.type(" Hall");
  await expect(location).toHaveValue("Harbour Hall");
  await expect(page.getByRole("radio", { name: "Beach" })).toBeChecked();
  await expect(page.getByLabel("Image path or https address")).toHaveValue("/media/images/event-beach.svg");
  await page.getByRole("button", { name: "Create event" }).click();

  await expect(toast(page, "Event created successfully!")).toBeVisible();
  const row = page.getByRole("row", { name: title, exact: true });
  await expect(row).toContainText("Harbour Hall");
  await expect(row.locator("img")).toHaveAttribute("src", "/media/images/event-beach.svg");
});

test("an edit typed before hydration keeps its new location and image", async ({ page }) => {
  await signInWithLink(page, account[3]!, "/admin/eventmanagement");
  const title = unique("Early Edit");
  const created = await page.request.post("/admin/eventmanagement", {
    headers: { Origin: siteUrl },
    form: { intent: "create", title, image: "/media/images/event-garden.svg", date: "2032-09-04", time: "18:00", description: "To be edited.", location: "Old Hall" },
  });
  expect(created.status()).toBe(200);
  await page.reload();
  const editHref = (await page.getByRole("row", { name: title, exact: true }).getByRole("link", { name: /Edit/ }).getAttribute("href"))!;

  const { hydrate } = await openBeforeHydration(page, editHref);
  await pickImage(page, "Sunset");
  await page.getByLabel("Location", { exact: true }).fill("New Hall");
  await hydrate();

  await expect(page.getByLabel("Location", { exact: true })).toBeFocused();
  await expect(page.getByLabel("Image path or https address")).toHaveValue("/media/images/event-sunset.svg");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page, "Event updated successfully!")).toBeVisible();
  const row = page.getByRole("row", { name: title, exact: true });
  await expect(row).toContainText("New Hall");
  await expect(row.locator("img")).toHaveAttribute("src", "/media/images/event-sunset.svg");
});

test("D6: 'Event created successfully!' shows on a hydrated page every time", async ({ page }) => {
  await signInWithLink(page, account[4]!, "/admin/eventmanagement");
  const title = unique("Toast Evening");
  await page.getByRole("link", { name: "New event" }).click();
  await expect(page.getByRole("heading", { name: "New event" })).toBeFocused();
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-10-01");
  await page.getByLabel("Time *").fill("19:00");
  await pickImage(page, "Garden");
  await page.getByLabel("Description *").fill("A toast for every event.");
  await page.getByRole("button", { name: "Create event" }).click();
  await expect(toast(page, "Event created successfully!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "New event" })).toBeHidden();
  await expect(page.getByRole("row", { name: title, exact: true })).toBeVisible();
});

test("the SMS texts typed before hydration are kept: one number, and a group with its event", async ({ page, request }) => {
  // A number that agreed to texts (the community form); texts go only to those.
  const stamp = Date.now().toString(36);
  const phone = `+1 619 555 ${String(1000 + (Date.now() % 9000)).padStart(4, "0")}`;
  await joinCommunity(request, { name: "Early Texter", email: `early-texter-${stamp}@example.com`, phone });
  await signInWithLink(page, account[5]!, "/admin/communications");
  const { hydrate } = await openBeforeHydration(page, "/admin/communications");
  const single = page.getByRole("form", { name: "Send a text" });
  const group = page.getByRole("form", { name: "Text a group" });
  await single.getByLabel("Phone number").fill(phone);
  await single.getByLabel("Text", { exact: true }).fill("Doors at seven tonight.");
  await group.getByLabel("Text", { exact: true }).fill("A group note typed early.");
  const eventRadio = group.getByRole("radio", { name: /The guests of one event/ });
  const pickEvent = await eventRadio.isEnabled();
  if (pickEvent) await eventRadio.check();
  await hydrate();

  await expect(single.getByLabel("Text", { exact: true })).toHaveValue("Doors at seven tonight.");
  await expect(single.getByText(/^23 \/ 1600 characters/)).toBeVisible();
  await expect(group.getByLabel("Text", { exact: true })).toHaveValue("A group note typed early.");
  if (pickEvent) await expect(eventRadio).toBeChecked();
  await single.getByRole("button", { name: "Send text" }).click();
  await expect(single.getByRole("status")).toContainText(/SMS sent successfully|dev mailbox/);
});

test("the check-in search typed before hydration filters the guests once the page is live", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInWithLink(page, account[9]!, "/admin/eventreservations");
  const event = await eventWithGuests(page, [
    ["Nora Early", `nora-${stamp}@example.com`],
    ["Otto Early", `otto-${stamp}@example.com`],
  ]);

  const { hydrate } = await openBeforeHydration(page, event.checkIn);
  await page.getByLabel("Search guests by name or e-mail").fill("Nora");
  await hydrate();

  await expect(page.getByLabel("Search guests by name or e-mail")).toHaveValue("Nora");
  await expect(page.getByRole("listitem").filter({ hasText: "Otto Early" })).toBeHidden();
  await expect(page.getByRole("listitem").filter({ hasText: "Nora Early" })).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=Nora/);
});
