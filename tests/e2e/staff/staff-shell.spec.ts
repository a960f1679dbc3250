import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink, testEmail } from "../support/auth";
import { openBeforeHydration } from "../support/as-a-person";
import { headerAlpha } from "../support/header";

/** The staff area's shell: who gets in, which navigation they see, and that it works on a phone and by keyboard. */

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

const staffNav = (page: Page) => page.getByRole("navigation", { name: "Staff" });

test("a visitor is asked to log in, by a link that brings them back to the staff page", async ({ page }) => {
  const response = await page.goto("/admin/activity");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { name: "Please log in to access this page." })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login?next=%2Fadmin%2Factivity");
  await page.getByRole("main").getByRole("link", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Factivity$/);
});

test("a member without a staff role is told they are not authorised", async ({ page }) => {
  await signInWithLink(page, testEmail("not-staff"), "/welcome");
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You are not authorized to view this page." })).toBeVisible();
});

test("event staff see only Reservations, and /admin takes them there instead of a refusal", async ({ page }) => {
  await signInWithLink(page, staffAccounts.eventStaff[0], "/admin/eventreservations");
  await expect(staffNav(page).getByRole("link")).toHaveText(["Reservations"]);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  await expect(page.getByRole("heading", { name: "Event reservations", level: 1 })).toBeVisible();
  // No way back to a dashboard they may not open, and no creating events or changing seats: the guest lists are theirs.
  await expect(page.getByRole("link", { name: /Back to the dashboard/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Create event" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "New event" })).toHaveCount(0);
  await expect(page.getByRole("spinbutton", { name: /^Max seats of / })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Check-in for / }).first()).toBeVisible();
});

test("an admin sees the whole navigation, and it works by keyboard", async ({ page }) => {
  await signInWithLink(page, staffAccounts.shell[0], "/admin/activity");
  await expect(staffNav(page).getByRole("link")).toHaveText(["Dashboard", "Events", "Reservations", "Communications", "Activity", "System"]);
  await expect(staffNav(page).getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
  await staffNav(page).getByRole("link", { name: "Reservations" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/eventreservations$/);
  await expect(staffNav(page).getByRole("link", { name: "Reservations" })).toHaveAttribute("aria-current", "page");
});

const allStaffTabs = ["Dashboard", "Events", "Reservations", "Communications", "Activity", "System"];

/** Each staff tab that is not wholly on the screen, or that something (the header) covers at its centre. */
function staffTabsOutOfView(page: Page) {
  return staffNav(page)
    .getByRole("link")
    .evaluateAll((links) =>
      links.flatMap((link) => {
        const box = link.getBoundingClientRect();
        const onScreen = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return onScreen && top && link.contains(top) ? [] : [link.textContent ?? ""];
      }),
    );
}

test("on a phone every staff tab is on the screen, the current one too: before scripts, and by keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithLink(page, staffAccounts.shell[2], "/admin");
  // The page as its server draws it, the scripts held back: what a browser without JavaScript shows.
  const { hydrate } = await openBeforeHydration(page, "/admin/activity");
  await expect(staffNav(page).getByRole("link")).toHaveText(allStaffTabs);
  expect(await staffTabsOutOfView(page)).toEqual([]);
  await expect(staffNav(page).getByRole("link", { name: "Activity" })).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // By keyboard, each tab in turn takes the focus where it is, with nothing over it.
  await hydrate();
  await staffNav(page).getByRole("link", { name: "Dashboard" }).focus();
  for (const label of allStaffTabs.slice(1)) {
    await page.keyboard.press("Tab");
    await expect(staffNav(page).getByRole("link", { name: label })).toBeFocused();
    expect(await staffTabsOutOfView(page)).toEqual([]);
  }
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/communications$/);
  await expect(staffNav(page).getByRole("link", { name: "Communications" })).toHaveAttribute("aria-current", "page");
  expect(await staffTabsOutOfView(page)).toEqual([]);

  // On a desktop screen they are one row, which stays under the header as the page scrolls.
  await page.setViewportSize({ width: 1280, height: 500 });
  const rows = await staffNav(page)
    .getByRole("link")
    .evaluateAll((links) => new Set(links.map((link) => Math.round(link.getBoundingClientRect().top))).size);
  expect(rows).toBe(1);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await staffTabsOutOfView(page)).toEqual([]);
});

/**
 * Tabs through the page `tabs` times; at each stop the focused element must be the topmost thing
 * at its own centre: no fixed or sticky layer (player, notice, badge, header) over it (WCAG 2.2 SC 2.4.11).
 */
async function expectNothingCoversFocus(page: Page, tabs: number) {
  const covered: string[] = [];
  for (let stop = 0; stop < tabs; stop += 1) {
    await page.keyboard.press("Tab");
    // A focused control scrolls into view (its row of tabs, the page), smoothly where motion is welcome: let it settle.
    const look = () => page.evaluate(() => {
      const focused = document.activeElement as HTMLElement | null;
      if (!focused || focused === document.body) return null;
      const box = focused.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return null;
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!top || focused.contains(top) || top.contains(focused)) return null;
      const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
      return `${name(focused)} under ${name(top)}`;
    });
    let finding = await look();
    for (let wait = 0; finding && wait < 10; wait += 1) {
      await page.waitForTimeout(100);
      finding = await look();
    }
    if (finding) covered.push(finding);
  }
  expect(covered).toEqual([]);
}

test("the music player sits at the top of the staff pages, in the flow: nothing floats over a control, by mouse or by keyboard", async ({ page }) => {
  // 80 stops of the keyboard, each looked at: on a busy machine this takes longer than most tests.
  test.slow();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithLink(page, staffAccounts.shell[0], "/admin/eventreservations");
  const player = page.getByRole("region", { name: "Music player" });
  await expect(player).toBeVisible();
  // Not the floating player, nor the corner badge: the page says who is signed in at its top.
  await expect(player).toHaveCount(1);
  await expect(player).toHaveCSS("position", "relative");
  const nav = (await staffNav(page).boundingBox())!;
  expect((await player.boundingBox())!.y).toBeGreaterThanOrEqual(nav.y + nav.height);
  await expect(page.getByRole("complementary", { name: "Signed in" })).toHaveCount(0);
  await expect(page.getByText(/^Signed in as admin-shell-1@/)).toBeVisible();
  // Its controls open below it, and close again.
  await player.getByRole("button", { name: /Now playing/ }).click();
  await expect(player.getByLabel("Volume")).toBeVisible();
  await player.getByRole("button", { name: /Now playing/ }).click();
  await expect(player.getByLabel("Volume")).toBeHidden();
  await expectNothingCoversFocus(page, 40);
  // The header stays opaque over the staff pages, scrolled or not, and focus scrolls clear of it and
  // of the sticky navigation; on a public page the signed-in badge shows, and focus clears it too.
  await page.evaluate(() => window.scrollTo(0, 600));
  expect(await headerAlpha(page)).toBe(1);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe("144px");
  await page.goto("/about");
  await expect(page.getByRole("complementary", { name: "Signed in" })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingBottom)).toBe("56px");
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollPaddingTop)).toBe("88px");

  // A door volunteer's phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/eventreservations");
  await expect(page.getByRole("region", { name: "Music player" })).toBeVisible();
  await expectNothingCoversFocus(page, 40);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the activity page filters by person and kind, and is accessible on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithLink(page, staffAccounts.shell[1], "/admin/activity");
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await page.getByLabel("Kind").selectOption({ label: "Created event" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=event.created/);
  await expect(page.getByLabel("Kind")).toHaveValue("event.created");
  await expectNoAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("event staff are told in the communications page's own words that it is not theirs", async ({ page }) => {
  await signInWithLink(page, staffAccounts.eventStaff[1], "/admin/eventreservations");
  const response = await page.goto("/admin/communications");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have permission to view this page." })).toBeVisible();
});
