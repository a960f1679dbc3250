import { expect, type Page } from "@playwright/test";
import { hydrated, test } from "../support/hydration";
import { openBeforeHydration } from "../support/as-a-person";

const uniqueEmail = () => `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

function footerForm(page: Page) {
  const footer = page.locator("footer");
  return {
    input: footer.getByRole("textbox", { name: "Email address" }),
    button: footer.getByRole("button", { name: /Subscribe|Submitting...|Thank You!/ }),
    status: footer.getByRole("status"),
  };
}

test("subscribes: Submitting..., then Thank You! with the input cleared and the form disabled", async ({ page }) => {
  await page.goto("/about");
  const form = footerForm(page);
  // Hold the request a moment so the in-between state can be seen.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/newsletter.data*", async (route) => {
    await held;
    await route.continue();
  });
  await form.input.fill(uniqueEmail());
  await form.button.click();
  await expect(form.button).toHaveText("Submitting...");
  await expect(form.button).toBeDisabled();
  release();
  await expect(form.button).toHaveText("Thank You!");
  await expect(form.status).toHaveText("Thank you for subscribing!");
  await expect(form.input).toHaveValue("");
  await expect(form.input).toBeDisabled();
  await expect(form.button).toBeDisabled();
});

test("counts a repeated address as subscribed", async ({ page }) => {
  const email = uniqueEmail();
  for (let visit = 0; visit < 2; visit += 1) {
    await page.goto("/");
    await hydrated(page);
    const form = footerForm(page);
    await form.input.fill(email);
    await form.button.click();
    await expect(form.status).toHaveText("Thank you for subscribing!");
  }
});

test("shows the error text when the request fails, and keeps the address for another try", async ({ page }) => {
  await page.goto("/");
  const form = footerForm(page);
  await page.route("**/newsletter.data*", (route) => route.abort("connectionfailed"));
  const email = uniqueEmail();
  await form.input.fill(email);
  await form.button.click();
  await expect(form.status).toHaveText("There was an error. Please try again.");
  await expect(form.input).toHaveValue(email);
  await page.unroute("**/newsletter.data*");
  await form.button.click();
  await expect(form.status).toHaveText("Thank you for subscribing!");
});

test("shows the server's message for an address the browser accepts but the server does not", async ({ page }) => {
  await page.goto("/");
  const form = footerForm(page);
  await form.input.fill("someone@localhost");
  await form.button.click();
  await expect(form.status).toHaveText("Please enter a valid email address.");
  await expect(form.input).toHaveValue("someone@localhost");
});

for (const width of [390, 1280]) {
  test(`at ${width} px, pressed before the page's scripts run, it brings the person back to the page with 'Thank You!' and the message`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { hydrate } = await openBeforeHydration(page, "/events?from=footer");
    const form = footerForm(page);
    await form.input.fill(uniqueEmail());
    await form.button.click();
    await expect(page).toHaveURL(/\/events\?from=footer#footer-newsletter$/);
    await hydrate();
    await expect(form.button).toHaveText("Thank You!");
    await expect(form.status).toHaveText("Thank you for subscribing!");
    await expect(form.input).toHaveValue("");
    await expect(form.input).toBeDisabled();
    await expect(form.status).toBeInViewport();
  });
}
