import { expect as baseExpect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { mailTo, waitForMail } from "../support/mail";
import { siteUrl } from "../support/ports";
import { pickImage, unique } from "../support/staff-forms";

/**
 * The staff forms in a browser without JavaScript: every field counts, because the server reads
 * the form as posted (the recipients ticked, the image picked), and the page answers in words.
 */

test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const account = staffAccounts.staffForms;

const row = (page: Page, title: string) => page.getByRole("row", { name: title, exact: true });

test("ticking two recipients and sending mails exactly those two", async ({ page }) => {
  const stamp = Date.now().toString(36);
  const people = ["Di", "Ed", "Flo"].map((first) => ({ name: `${first} Plain`, email: `plain-${first.toLowerCase()}-${stamp}@example.com` }));
  for (const person of people) {
    const joined = await page.request.post("/join", { form: { intent: "join", name: person.name, email: person.email, interest: "piano", consent: "on", emailConsent: "on", source: "join" } });
    expect(joined.ok()).toBe(true);
  }
  await signInWithLink(page, account[6]!, `/admin/communications`);
  await page.goto(`/admin/communications?q=${stamp}`);
  await page.getByRole("checkbox", { name: `Select ${people[0]!.name} (${people[0]!.email})` }).check();
  await page.getByRole("checkbox", { name: `Select ${people[1]!.name} (${people[1]!.email})` }).check();
  await page.getByLabel("Subject").fill("Sent without scripts");
  await page.getByLabel(/^Message/).fill("Hi {{name}}: {{link}}");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  // The review, then its confirm.
  await expect(page.getByTestId("send-review-count")).toContainText("2 people");
  await page.getByRole("button", { name: "Send to 2 people" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Queued for 2 recipients." })).toBeVisible();
  const [first, second] = await Promise.all([waitForMail(people[0]!.email, 2), waitForMail(people[1]!.email, 2)]);
  expect([first.subject, second.subject]).toEqual(["Sent without scripts", "Sent without scripts"]);
  await page.waitForTimeout(1000);
  expect(await mailTo(people[2]!.email)).toHaveLength(1);
});

test("creating an event with an image picked from the site's images", async ({ page }) => {
  await signInWithLink(page, account[7]!, "/admin/eventmanagement");
  const title = unique("Plain Picker");
  await page.goto("/admin/eventmanagement?new=1");
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Date *").fill("2032-11-05");
  await page.getByLabel("Time *").fill("19:45");
  await page.getByLabel("Description *").fill("Made without JavaScript.");
  await pickImage(page, "Beach");
  await page.getByRole("button", { name: "Create event" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Event created successfully!" })).toBeVisible();
  await expect(row(page, title).locator("img")).toHaveAttribute("src", "/media/images/event-beach.svg");
});

test("editing an event: a newly picked image replaces the one the path field showed; a typed path wins over the picture", async ({ page }) => {
  await signInWithLink(page, account[8]!, "/admin/eventmanagement");
  const title = unique("Plain Edit");
  const created = await page.request.post("/admin/eventmanagement", {
    headers: { Origin: siteUrl },
    form: { intent: "create", title, image: "/media/images/event-garden.svg", date: "2032-11-06", time: "18:00", description: "To be edited.", location: "Hall" },
  });
  expect(created.status()).toBe(200);
  await page.goto("/admin/eventmanagement");
  const edit = async () => {
    await row(page, title).getByRole("link", { name: /Edit/ }).click();
    await expect(page.getByRole("heading", { name: "Edit event" })).toBeVisible();
  };

  await edit();
  await pickImage(page, "Sunset");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event updated successfully!" })).toBeVisible();
  await expect(row(page, title).locator("img")).toHaveAttribute("src", "/media/images/event-sunset.svg");

  await edit();
  await page.getByLabel("Image path or https address").fill("/media/images/event-workshop.svg");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event updated successfully!" })).toBeVisible();
  await expect(row(page, title).locator("img")).toHaveAttribute("src", "/media/images/event-workshop.svg");
});

test("an event's life without JavaScript: the 'More' menu opens, Duplicate asks for the date, Publish, Archive, Delete for good asks first", async ({ page }) => {
  await signInWithLink(page, account[10]!, "/admin/eventmanagement");
  const title = unique("Plain Lifecycle");
  const created = await page.request.post("/admin/eventmanagement", {
    headers: { Origin: siteUrl },
    form: { intent: "create", title, image: "/media/images/event-garden.svg", date: "2032-11-13", time: "19:00", description: "A plain evening.", location: "Hall" },
  });
  expect(created.status()).toBe(200);
  await page.goto("/admin/eventmanagement");

  // The menu is a disclosure: it opens without scripts.
  await row(page, title).locator("summary").click();
  await row(page, title).getByRole("link", { name: "Duplicate…" }).click();
  await expect(page.getByRole("heading", { name: "Duplicate event" })).toBeVisible();
  await expect(page.getByLabel("New date *")).toHaveValue("2032-11-20");
  await page.getByLabel("Title *").fill(`${title} again`);
  await page.getByLabel("New date *").fill("2032-11-06");
  await page.getByRole("button", { name: "Make the draft copy" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event duplicated as a draft for November 6th, 2032, 7:00 PM!" })).toBeVisible();
  const copy = row(page, `${title} again`);
  await expect(copy).toContainText("Draft");

  await copy.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event published: it is on the site now!" })).toBeVisible();
  await expect(copy).toContainText("Published");
  await copy.locator("summary").click();
  await copy.getByRole("button", { name: "Archive" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event archived" })).toBeVisible();
  await expect(copy).toHaveCount(0);

  // Delete for good of the draft original: a warning of the page, with its own button.
  await row(page, title).locator("summary").click();
  await row(page, title).getByRole("link", { name: "Delete for good…" }).click();
  const warning = page.getByRole("alertdialog", { name: "Delete this event for good?" });
  await expect(warning).toContainText("and its 0 reservations will be deleted. This cannot be undone.");
  await warning.getByRole("button", { name: "Delete for good" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Event deleted for good!" })).toBeVisible();
  await expect(row(page, title)).toHaveCount(0);
});
