import { expect } from "@playwright/test";
import { test } from "../support/hydration";
import { testEmail } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";

/**
 * A guest's ticket: the code the confirmation gives is the one their reservation's page (the
 * e-mailed cancel link) shows, with its QR code, large enough to scan from the phone's screen.
 */
test("the guest's reservation page shows the ticket: the QR code named by the code the confirmation gave", async ({ page }) => {
  await page.goto("/events");
  const href = await page.getByRole("link", { name: "Candlelight Piano Meditation" }).first().getAttribute("href");
  await page.goto(`${href}/reserve`);
  const email = testEmail("ticket");
  await page.getByLabel("Name", { exact: true }).fill("Tia Ticket");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Seats", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Reserve Your Spot" }).click();
  await expect(page.getByRole("heading", { name: "Reservation Confirmed!" })).toBeVisible();

  const confirmation = await waitForMail(email);
  const code = /Your ticket\s+([0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4} [0-9A-Z]{4})/.exec(confirmation.text)?.[1];
  expect(code, "the confirmation's ticket code").toBeTruthy();

  await page.goto(linkIn(confirmation, "/reservations/cancel?token="));
  const ticket = page.getByRole("region", { name: "Your ticket: show this at the door" });
  const image = ticket.getByRole("img", { name: `Ticket code ${code}` });
  await expect(image).toBeVisible();
  expect(await image.evaluate((svg) => svg.querySelector("path")?.getAttribute("d")?.length ?? 0)).toBeGreaterThan(100);
  expect((await image.boundingBox())?.width).toBeGreaterThanOrEqual(200);
  await expect(ticket.getByText(code!, { exact: true })).toBeVisible();
});
