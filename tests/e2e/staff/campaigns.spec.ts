import { expect, type APIRequestContext } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { linkIn, mailTo, waitForMail } from "../support/mail";
import { onBothDatabases } from "../support/tags";

/** The campaign composer in a browser: choose people, preview, send; each chosen person gets their own link. */

async function joinCommunity(request: APIRequestContext, person: { name: string; email: string }) {
  const response = await request.post("/join", { form: { intent: "join", name: person.name, email: person.email, interest: "piano", consent: "on", emailConsent: "on", source: "join" } });
  expect(response.ok()).toBe(true);
}

test("compose, preview, send to two selected members: each gets a personal link, the unselected one nothing", onBothDatabases, async ({ page, request, browser }) => {
  const stamp = Date.now().toString(36);
  const people = ["Ana", "Ben", "Cleo"].map((first) => ({ name: `${first} Campaign`, email: `campaign-${first.toLowerCase()}-${stamp}@example.com` }));
  for (const person of people) await joinCommunity(request, person);

  await signInWithLink(page, staffAccounts.communications[0]!, "/admin/communications");
  await page.getByLabel("Search").fill(stamp);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("checkbox", { name: /^Select / })).toHaveCount(3);
  await page.getByRole("checkbox", { name: `Select ${people[0]!.name} (${people[0]!.email})` }).check();
  await page.getByRole("checkbox", { name: `Select ${people[1]!.name} (${people[1]!.email})` }).check();
  await page.getByLabel("Subject").fill("The recording is ready");
  await page.getByLabel(/^Message/).fill("Hi {{name}}, your recording: {{link}}");

  await page.getByLabel("Preview as").selectOption({ label: `${people[0]!.name} (${people[0]!.email})` });
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Preview for ${people[0]!.email}` })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Campaign preview"]').getByText("Hi Ana, your recording:")).toBeVisible();

  // Send shows the review first: the count, and Ana's own copy; only its confirm sends, and the composer is emptied.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const review = page.getByRole("region", { name: "Check before sending" });
  await expect(review.getByRole("heading", { name: "Check before sending" })).toBeFocused();
  await expect(review.getByTestId("send-review-count")).toContainText("2 people");
  // The sample is one of the two ticked, in their own words.
  await expect(review.frameLocator('iframe[title^="Sample e-mail for "]').getByText(/^Hi (Ana|Ben), your recording:/)).toBeVisible();
  await review.getByRole("button", { name: "Send to 2 people" }).click();
  await expect(page.getByText("Queued for 2 recipients.")).toBeVisible();
  await expect(page.getByLabel("Subject")).toHaveValue("");

  // Each joined the community first and got its welcome; the campaign's message is their second.
  const [first, second] = await Promise.all([waitForMail(people[0]!.email, 2), waitForMail(people[1]!.email, 2)]);
  const firstLink = linkIn(first!, "/login/campaign?");
  expect(firstLink).not.toBe(linkIn(second!, "/login/campaign?"));
  expect(first!.text).toContain("Hi Ana,");
  await page.waitForTimeout(1000);
  expect(await mailTo(people[2]!.email)).toHaveLength(1); // only the community welcome

  // A scanner's GET leaves the link usable; the person's button press signs them in, attributed.
  expect(await (await request.get(firstLink)).text()).toContain("Continue");
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(firstLink);
  await member.getByRole("button", { name: "Continue" }).click();
  await expect(member).toHaveURL(/\/meditation\?rid=[0-9a-f-]{36}&campaign=the_recording_is_ready$/);
  await context.close();

  // The page polls only while a campaign is sending; this one has finished, so look again.
  await page.reload();
  const campaign = page.getByRole("listitem", { name: "Campaign The recording is ready" });
  await expect(campaign.getByTestId("campaign-status")).toHaveText("Completed");
  await expect(campaign.getByTestId("campaign-counts")).toContainText("Sent2");
  await expect(campaign.getByTestId("campaign-counts")).toContainText("Clicked1");
});

test("the composer's checks: nobody selected asks before sending to all, and empty fields answer in the spec's words", async ({ page }) => {
  await signInWithLink(page, staffAccounts.communications[1]!, "/admin/communications");
  await page.getByLabel("Subject").fill("To everyone?");
  await page.getByLabel(/^Message/).fill("Hello {{name}}");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const review = page.getByRole("region", { name: "Check before sending" });
  await expect(review).toContainText("No recipients selected. Send to ALL community?");
  // 'Change' goes back to the composer with everything typed.
  await review.getByRole("button", { name: "Change" }).click();
  await expect(review).toBeHidden();
  await expect(page.getByLabel("Subject")).toHaveValue("To everyone?");
  await expect(page.getByLabel(/^Message/)).toHaveValue("Hello {{name}}");

  await page.getByRole("checkbox", { name: /^Select / }).first().check();
  await page.getByLabel("Subject").fill("");
  await page.getByLabel(/^Message/).fill("");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Please enter a subject and a message.").first()).toBeVisible();
  await expect(page.getByText("Please write a message (it can include {{link}} where the sign-in link should go).").first()).toBeVisible();
});

test("a campaign that grants music access says so in its preview and review, and the recipient's link opens the whole collection", async ({ page, request, browser }) => {
  const stamp = Date.now().toString(36);
  const person = { name: `Gia Gift${stamp}`, email: `campaign-gift-${stamp}@example.com` };
  await joinCommunity(request, person);

  await signInWithLink(page, staffAccounts.sends[4]!, "/admin/communications");
  await page.goto(`/admin/communications?q=${stamp}`);
  await page.getByRole("checkbox", { name: `Select ${person.name} (${person.email})` }).check();
  await page.getByLabel("Subject").fill("We saved it for a few friends first");
  await page.getByLabel(/^Message/).fill("Hi {{name}}, the new recordings are yours: {{link}}");
  await page.getByLabel("Give the recipients the full unreleased playlist when they open their link").check();
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expect(page.getByTestId("campaign-preview-landing")).toHaveText(/gives them the full unreleased playlist/);

  await page.getByRole("button", { name: "Send", exact: true }).click();
  const review = page.getByRole("region", { name: "Check before sending" });
  await expect(review.getByTestId("send-review-landing")).toHaveText(/gives them the full unreleased playlist/);
  await review.getByRole("button", { name: "Send to 1 person" }).click();
  const mail = await waitForMail(person.email, 2);

  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(linkIn(mail, "/login/campaign?"));
  await member.getByRole("button", { name: "Continue" }).click();
  await expect(member).toHaveURL(/\/meditation\?rid=/);
  await expect(member.getByText(/^All \d+ tracks of our unreleased collection are yours\./)).toBeVisible();
  await expect(member.getByRole("link", { name: "Ask for full access" })).toHaveCount(0);
  await context.close();
});

test("on a 390 px phone each person to pick is a card: the box beside a readable address, nothing scrolls sideways", async ({ page, request }) => {
  const stamp = Date.now().toString(36);
  const person = { name: `Card Person ${stamp}`, email: `a-rather-long-address-card-${stamp}@example.com` };
  await joinCommunity(request, person);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithLink(page, staffAccounts.communications[2]!, "/admin/communications");
  await page.getByLabel("Search").fill(stamp);
  await page.getByRole("button", { name: "Filter" }).click();
  const box = page.getByRole("checkbox", { name: `Select ${person.name} (${person.email})` });
  await expect(box).toBeVisible();
  const address = page.getByRole("form", { name: "Compose a campaign" }).getByRole("cell", { name: person.email, exact: true });
  // The address has the card's width (was a column a letter or two wide).
  expect((await address.boundingBox())!.width).toBeGreaterThan(250);
  await expect(page.getByRole("checkbox", { name: "All shown" })).toBeVisible();
  await box.check();
  await expect(box).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
