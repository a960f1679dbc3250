import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { fullPlaylistListeners } from "../support/accounts";
import { signInWithLink, testEmail } from "../support/auth";
import { linkIn, waitForMail } from "../support/mail";
import { hydrated, test } from "../support/hydration";
import { fieldError } from "../support/form-errors";

const accessibilityViolations = async (page: Page) =>
  (
    await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
      .analyze()
  ).violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }));

/** Whether the page's player is really playing (not merely showing a button). */
const audioPlaying = (page: Page) => page.locator("audio").evaluate((audio: HTMLAudioElement) => !audio.paused && !audio.error);

test("a visitor opening /welcome is sent to log in", async ({ page }) => {
  await page.goto("/welcome");
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.get("next") === "/welcome");
});

test("a member is welcomed by name, starts the music from the overlay, and is not asked again", async ({ page }) => {
  const email = testEmail("welcome");
  await signInWithLink(page, email, "/welcome");

  await expect(page.getByRole("heading", { name: `Welcome, ${email.split("@")[0]}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Grounding Breath Meditation" })).toBeVisible();
  const video = page.locator("video");
  await expect(video).toHaveAttribute("loop", "");
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted)).toBe(true);
  await expect(page.getByRole("button", { name: "Tap to play video" })).toHaveCount(0);

  expect(await accessibilityViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Tap to start your music" }).click();
  const player = page.getByRole("region", { name: "Your music" });
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await expect.poll(() => audioPlaying(page)).toBe(true);
  // A member without music access hears the one public track: no previous or next.
  await expect(player.getByText("Still Water")).toBeVisible();
  await expect(player.getByRole("button", { name: "Next track" })).toHaveCount(0);

  await page.reload();
  // The global player resumes music that was playing when the browser allows it, else waits paused.
  await expect(page.getByRole("region", { name: "Your music" }).getByRole("button", { name: /^(Play|Pause)$/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Tap to start your music" })).toHaveCount(0);
});

test("under reduced motion the welcome video waits for 'Tap to play video'", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await signInWithLink(page, testEmail("still"), "/welcome");
  const video = page.locator("video");
  await page.getByRole("button", { name: "Tap to play video" }).click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused)).toBe(true);
  await expect(page.getByRole("button", { name: "Tap to play video" })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("the friend page plays its two tracks, friend track included", async ({ page }) => {
  await page.goto("/friend");
  await expect(page.getByRole("heading", { name: "Welcome, friend" })).toBeVisible();
  await page.getByRole("button", { name: "Play the music" }).click();

  const player = page.getByRole("region", { name: "Music player" });
  await expect(player.getByText("Track 1 of 2")).toBeVisible();
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  await player.getByRole("button", { name: "Next track" }).click();
  await expect(player.getByText("Candle Hours")).toBeVisible();
  // The friend track streams only with the pass the page gave this browser.
  await expect.poll(() => audioPlaying(page)).toBe(true);
  await expect(player.getByRole("button", { name: "Pause" })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  const tickets = page.getByRole("link", { name: /Get Tickets/ });
  await expect(tickets).toHaveAttribute("target", "_blank");
  await expect(tickets).toHaveAttribute("rel", "noopener noreferrer");
});

test("the friend form checks its fields, then sends the access e-mail", async ({ page }) => {
  await page.goto("/friend");
  // The focus on the first wrong field is the browser's check; before hydration the server answers.
  await hydrated(page);
  const form = page.getByRole("region", { name: "Want More?" });
  const name = form.getByLabel("Name");
  const email = form.getByLabel("Email");

  await name.fill("   ");
  await form.getByRole("button", { name: "Get Full Access" }).click();
  await expect(fieldError(form, "Please enter your name.")).toBeVisible();
  await expect(fieldError(form, "Please enter your email address.")).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  expect(await accessibilityViolations(page)).toEqual([]);

  await name.fill("Ana Friend");
  await email.fill("ana@");
  await form.getByRole("button", { name: "Get Full Access" }).click();
  await expect(fieldError(form, "Please enter a valid email address.")).toBeVisible();

  const address = testEmail("friend");
  await email.fill(address);
  await form.getByRole("button", { name: "Get Full Access" }).click();
  await expect(form.getByText("Email Sent!")).toBeVisible();
  await expect(
    form.getByText("Verify your email to complete your access to all available songs and become a Harmonia member."),
  ).toBeVisible();
  await expect(form.getByText(/spam, promotions or offers folders/)).toBeVisible();

  const mail = await waitForMail(address);
  expect(linkIn(mail, "/login/link?")).toContain("gift");
});

test("/meditation holds all four tracks for staff and fewer for a plain member", async ({ browser }) => {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInWithLink(staff, fullPlaylistListeners.meditationPage, "/meditation");
  const staffList = staff.getByRole("list", { name: "Playlist" });
  await expect(staffList.getByRole("listitem")).toHaveCount(4);
  await expect(staff.getByText(/more tracks? (is|are) waiting/)).toHaveCount(0);
  expect(await accessibilityViolations(staff)).toEqual([]);
  await staffContext.close();

  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signInWithLink(member, testEmail("listener"), "/meditation");
  await expect(member.getByRole("list", { name: "Playlist" }).getByRole("listitem")).toHaveCount(1);
  await expect(member.getByRole("heading", { name: "3 more tracks are waiting for you" })).toBeVisible();
  await memberContext.close();
});
