import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { testEmail } from "../support/auth";
import { linkIn, mailTo, waitForMail } from "../support/mail";
import { openAsAPerson } from "../support/as-a-person";

/** The community form of the page, found by its labels. */
function communityForm(page: Page) {
  return {
    name: page.getByLabel("Name", { exact: true }),
    email: page.getByLabel("Email", { exact: true }),
    phone: page.getByLabel("Phone (optional)"),
    interest: page.getByLabel("Area of interest"),
    consent: page.getByRole("checkbox", { name: /Terms of Service/ }),
    submit: page.getByRole("button", { name: /Join the Community|Submitting\.\.\./ }),
  };
}

async function fillValid(page: Page, email: string) {
  const form = communityForm(page);
  await form.name.fill("Ada Lovelace");
  await form.email.fill(email);
  await form.phone.fill("(555) 123-4567");
  await form.interest.selectOption("candlelight-yoga");
  await form.consent.check();
}

/** Makes the form's posts fail as over a lost connection (the page's own data still loads). */
async function failPosts(page: Page) {
  await page.route("**/join.data*", (route) =>
    route.request().method() === "POST" ? route.abort("connectionfailed") : route.continue(),
  );
}

/** Holds requests to `pattern` until the returned function is called, so in-between states show. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Sends the empty form, then a too-short name and a bad address: each message under its field. */
async function expectEveryMessage(page: Page) {
  const form = communityForm(page);
  await form.submit.click();
  await expect(form.name).toHaveAccessibleDescription("Name must be at least 2 characters.");
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
  await expect(form.interest).toHaveAccessibleDescription("Please select an area of interest.");
  await expect(form.consent).toHaveAccessibleDescription("You must accept the Terms and Privacy Policy.");
  await expect(form.name).toHaveAttribute("aria-invalid", "true");
  await expect(form.name).toBeFocused();

  await form.name.fill("A");
  await form.email.fill("ada@example");
  await form.submit.click();
  await expect(form.name).toHaveAccessibleDescription("Name must be at least 2 characters.");
  await expect(form.email).toHaveAccessibleDescription("Please enter a valid email address.");
}

const welcome = (page: Page) => page.getByRole("heading", { name: "Welcome to the community!" });
const joiningWords = "You will get our e-mails about events and music; unsubscribe any time.";

for (const width of [390, 1280]) {
  test(`at ${width} px, joining says beside its button that it is the e-mail consent; pressed straight after load, it joins`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openAsAPerson(page, "/join");
    const form = communityForm(page);
    const line = page.getByText(joiningWords);
    await fillValid(page, testEmail(`join-${width}`));
    await form.submit.scrollIntoViewIfNeeded();
    await expect(line).toBeInViewport();
    // Beside the button: right under it, within the form's width.
    const button = (await form.submit.boundingBox())!;
    const words = (await line.boundingBox())!;
    expect(words.y - (button.y + button.height)).toBeGreaterThanOrEqual(0);
    expect(words.y - (button.y + button.height)).toBeLessThan(24);
    expect(words.x).toBeGreaterThanOrEqual(button.x - 1);
    expect(words.x + words.width).toBeLessThanOrEqual(button.x + button.width + 1);
    await form.submit.click();
    await expect(welcome(page)).toBeVisible();
  });
}

test("shows every message of the community form under its field", async ({ page }) => {
  await page.goto("/join");
  await expect(page.getByRole("heading", { level: 1, name: "Join Our Community" })).toBeVisible();
  const form = communityForm(page);
  await expect(form.interest.locator("option:not([disabled])")).toHaveText([
    "Piano Performances",
    "Retreats",
    "Workshops & Classes",
    "Candlelight Yoga with Live Piano",
    "Community Events",
    "Meditation & Breath work",
    "All of the above",
  ]);
  await expect(form.phone).toHaveAttribute("placeholder", "(555) 123-4567");
  await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
  await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  // Terms required, texts (with the Terms' 4 a month and STOP) optional (decision 043); joining is the
  // e-mail consent, said beside the button rather than asked in a box (decision 054).
  await expect(page.getByRole("checkbox", { name: /by e-mail/ })).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: /Text me about events.*at most 4 text messages a month, reply STOP to opt out/ })).not.toBeChecked();
  await expect(form.submit).toHaveAccessibleDescription(joiningWords);

  await expectEveryMessage(page);

  // A sign-up that cannot be stored shows the failure text on the e-mail field, input kept.
  const email = testEmail("joiner");
  await fillValid(page, email);
  await failPosts(page);
  await form.submit.click();
  await expect(form.email).toHaveAccessibleDescription("Something went wrong. Please try again or use a different email.");
  await expect(form.email).toHaveValue(email);
  await expect(form.name).not.toHaveAttribute("aria-invalid");
});

test("join → 'Submitting...' → welcome → e-mailed link → Sign in → signed in at /welcome", async ({ page }) => {
  const email = testEmail("joiner");
  await page.goto("/join");
  await fillValid(page, email);
  const release = await holdRequests(page, "**/join.data*");
  const form = communityForm(page);
  await form.submit.click();
  await expect(form.submit).toHaveText("Submitting...");
  await expect(form.submit).toBeDisabled();
  release();

  await expect(welcome(page)).toBeFocused();
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();

  const mail = await waitForMail(email);
  await page.goto(linkIn(mail, "/login/link?"));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/welcome");
  await expect(page.getByRole("complementary", { name: "Signed in" })).toHaveText(`Signed in as ${email}`);
});

test("a repeated sign-up, in another letter case, is welcomed too", async ({ page }) => {
  const email = testEmail("again");
  for (const typed of [email, email.toUpperCase()]) {
    await page.goto("/join");
    await fillValid(page, typed);
    await communityForm(page).submit.click();
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByText(`We sent a sign-in link to ${typed}.`)).toBeVisible();
  }
});

test("the welcome screen resends the sign-in link: 'Resending…', then sent or failed", async ({ page }) => {
  const email = testEmail("resend");
  await page.goto("/join");
  await fillValid(page, email);
  await communityForm(page).submit.click();
  await expect(welcome(page)).toBeVisible();
  await waitForMail(email, 1);

  const release = await holdRequests(page, "**/join.data*");
  await page.getByRole("button", { name: "Resend sign-in link" }).click();
  await expect(page.getByRole("button", { name: "Resending…" })).toBeDisabled();
  release();
  await expect(page.getByText("Sent. Check your inbox and spam folder.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Resend sign-in link" })).toBeEnabled();
  const second = await waitForMail(email, 2);
  expect(linkIn(second, "/login/link?")).toContain("token=");

  await page.unroute("**/join.data*");
  await failPosts(page);
  await page.getByRole("button", { name: "Resend sign-in link" }).click();
  await expect(page.getByText("Couldn\u2019t resend. Please try again.")).toBeVisible();
  expect(await mailTo(email)).toHaveLength(2);
});

for (const path of ["/", "/contact"]) {
  test(`${path} has the same form under 'Connect With Us': messages, welcome, e-mail, repeat`, async ({ page }) => {
    const email = testEmail("connect");
    await page.goto(path);
    const section = page.getByRole("region", { name: "Connect With Us" });
    await expect(section).toBeVisible();
    await expect(section.getByRole("link", { name: /WhatsApp/ })).toHaveAttribute("rel", "noopener noreferrer");
    await expectEveryMessage(page);

    await fillValid(page, email);
    await communityForm(page).submit.click();
    await expect(welcome(page)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Resend sign-in link" })).toHaveCount(0);
    expect(linkIn(await waitForMail(email), "/login/link?")).toContain("token=");

    // The same address again is a success too.
    await page.goto(path);
    await fillValid(page, email);
    await communityForm(page).submit.click();
    await expect(welcome(page)).toBeVisible();
    await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
  });
}

test("works without JavaScript: errors with the input kept, then the welcome on /join", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const email = testEmail("nojs");
  await page.goto("/contact");
  await fillValid(page, email);
  await communityForm(page).name.fill("A");
  await communityForm(page).submit.click();
  // The answer opens at the form's error summary (decision 055).
  await expect(page).toHaveURL(/\/join#join-errors$/);
  await expect(communityForm(page).name).toHaveAccessibleDescription("Name must be at least 2 characters.");
  await expect(communityForm(page).email).toHaveValue(email);

  await communityForm(page).name.fill("Ada Lovelace");
  await communityForm(page).consent.check();
  await communityForm(page).submit.click();
  await expect(welcome(page)).toBeVisible();
  await expect(page.getByText(`We sent a sign-in link to ${email}.`)).toBeVisible();
  await page.getByRole("button", { name: "Resend sign-in link" }).click();
  await expect(page.getByText("Sent. Check your inbox and spam folder.")).toBeVisible();
  await waitForMail(email, 2);
  await context.close();
});
