import { expect, test, type Page } from "@playwright/test";

/*
 * The footer's newsletter form without JavaScript (decision 054): it posts to /newsletter, which
 * sends the person back to the page they were on, to the footer, showing the spec's state there.
 */
const footerForm = (page: Page) => {
  const footer = page.locator("footer");
  return {
    input: footer.getByRole("textbox", { name: "Email address" }),
    button: footer.getByRole("button", { name: /Subscribe|Thank You!/ }),
    status: footer.getByRole("status"),
  };
};

for (const width of [390, 1280]) {
  test(`at ${width} px, subscribing from /about comes back to /about with 'Thank You!', the message, the field cleared`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/about");
    const form = footerForm(page);
    await form.input.fill(`footer-nojs-${width}-${Date.now()}@example.com`);
    await form.button.click();
    await expect(page).toHaveURL((url) => url.pathname === "/about" && url.hash === "#footer-newsletter");
    await expect(form.button).toHaveText("Thank You!");
    await expect(form.button).toBeDisabled();
    await expect(form.status).toHaveText("Thank you for subscribing!");
    await expect(form.input).toHaveValue("");
    await expect(form.input).toBeDisabled();
    await expect(form.status).toBeInViewport();

    // Shown once: the next page's footer is as it always is.
    await page.goto("/contact");
    await expect(footerForm(page).button).toHaveText("Subscribe");
  });
}

test("an address the server refuses comes back with its message and what was typed, ready for another try", async ({ page }) => {
  await page.goto("/meditations?category=sleep");
  const form = footerForm(page);
  await form.input.fill("someone@localhost");
  await form.button.click();
  await expect(page).toHaveURL((url) => url.pathname === "/meditations" && url.search === "?category=sleep");
  await expect(form.status).toHaveText("Please enter a valid email address.");
  await expect(form.input).toHaveValue("someone@localhost");
  await expect(form.input).toHaveAttribute("aria-invalid", "true");

  await form.input.fill(`footer-retry-${Date.now()}@example.com`);
  await form.button.click();
  await expect(form.status).toHaveText("Thank you for subscribing!");
});
