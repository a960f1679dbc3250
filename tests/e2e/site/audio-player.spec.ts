import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type Request } from "@playwright/test";
import { fullPlaylistListeners } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { hydrated, test } from "../support/hydration";
import { openAsAPerson } from "../support/as-a-person";

const playerOf = (page: Page) => page.getByRole("region", { name: "Music player" });
const titleToggle = (page: Page) => playerOf(page).getByRole("button", { name: /^Now playing: / });

/** Reads the site's one <audio> element. */
const audio = <T,>(page: Page, read: (element: HTMLAudioElement) => T) =>
  page.locator("audio").evaluate(read as (element: HTMLAudioElement) => T);

/**
 * Records every text the player's status shows on the pages opened from now on: a hint lasts
 * 900 ms, which a busy machine can spend before an assertion first looks. `shown()` lists them.
 */
async function recordPlayerStatuses(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { playerStatuses: string[] }).playerStatuses = seen;
    const note = () => {
      for (const status of document.querySelectorAll('[aria-label="Music player"] [role="status"]')) {
        const text = status.textContent?.trim();
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    };
    new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
  });
  return { shown: () => page.evaluate(() => (window as unknown as { playerStatuses?: string[] }).playerStatuses ?? []) };
}

const stored = (page: Page, key: string) => page.evaluate((name) => window.localStorage.getItem(`harmonia:player:${name}`), key);

/** The next POST /api/trackAudio for this action. */
const tracking = (page: Page, action: "play" | "pause" | "ended") =>
  page
    .waitForRequest((request: Request) => {
      if (!request.url().endsWith("/api/trackAudio") || request.method() !== "POST") return false;
      return (request.postDataJSON() as { action?: string }).action === action;
    })
    .then((request) => {
      expect(request.headers()["content-type"]).toContain("application/json");
      return request.postDataJSON() as Record<string, unknown>;
    });

test("a visitor hears one track: play, pause, mute and volume, each play and pause tracked with the link's attribution", async ({
  page,
}) => {
  await page.goto("/about?rid=inv-42&campaign=spring-letter");
  const player = playerOf(page);
  const toggle = titleToggle(page);
  await expect(toggle).toHaveAccessibleName("Now playing: Still Water");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(player.getByRole("button", { name: "Next track" })).toHaveCount(0);
  await expect(player.getByRole("button", { name: "Previous track" })).toHaveCount(0);
  const volume = player.getByRole("slider", { name: "Volume" });
  await expect(volume).toHaveValue("0.8");
  await expect(volume).toHaveAttribute("step", "0.01");
  expect(await audio(page, (element) => [element.volume, element.loop])).toEqual([0.8, true]);

  const played = tracking(page, "play");
  await player.getByRole("button", { name: "Play", exact: true }).click();
  const play = await played;
  expect(play).toMatchObject({
    action: "play",
    trackSrc: "/media/audio/still-water.mp3",
    trackTitle: "Still Water",
    userEmail: null,
    userId: null,
    rid: "inv-42",
    campaign: "spring-letter",
  });
  expect(play.anonymousSessionId).toMatch(/^anon_\d+_[a-z0-9]+$/);
  expect(typeof play.position).toBe("number");
  await expect.poll(() => audio(page, (element) => !element.paused && element.currentTime > 0)).toBe(true);
  expect(await stored(page, "playback")).toBe("playing");

  const paused = tracking(page, "pause");
  await player.getByRole("button", { name: "Pause", exact: true }).click();
  const pause = await paused;
  expect(pause).toMatchObject({ action: "pause", trackTitle: "Still Water", anonymousSessionId: play.anonymousSessionId });
  expect(pause.position as number).toBeGreaterThan(0);
  expect(await audio(page, (element) => element.paused)).toBe(true);
  await expect(player.getByRole("button", { name: "Play", exact: true })).toBeFocused();

  const mute = player.getByRole("button", { name: "Mute" });
  await expect(mute).toHaveAttribute("aria-pressed", "false");
  await mute.click();
  await expect(mute).toHaveAttribute("aria-pressed", "true");
  expect(await audio(page, (element) => element.muted)).toBe(true);
  await mute.press("Enter");
  await expect(mute).toHaveAttribute("aria-pressed", "false");

  await volume.fill("0.35");
  await expect.poll(() => audio(page, (element) => element.volume)).toBeCloseTo(0.35);
  await volume.press("ArrowLeft");
  await expect.poll(() => audio(page, (element) => element.volume)).toBeCloseTo(0.34);
  await expect(volume).toHaveAttribute("aria-valuetext", "34%");

  const violations = await new AxeBuilder({ page }).include("section[aria-label='Music player']").analyze();
  expect(violations.violations.map((violation) => violation.id)).toEqual([]);
});

test("music goes on across a client-side navigation, in the same <audio> element", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await playerOf(page).getByRole("button", { name: "Play", exact: true }).click();
  await expect.poll(() => audio(page, (element) => !element.paused)).toBe(true);
  await page.evaluate(() => ((window as unknown as { playerAudio: Element | null }).playerAudio = document.querySelector("audio")));

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/events$/);
  expect(await page.evaluate(() => document.querySelector("audio") === (window as unknown as { playerAudio: Element }).playerAudio)).toBe(true);
  expect(await page.locator("audio").count()).toBe(1);
  await expect.poll(() => audio(page, (element) => !element.paused)).toBe(true);
  await expect(playerOf(page).getByRole("button", { name: "Pause", exact: true })).toBeVisible();
  expect(await stored(page, "page")).toBe("/events");
});

test("a member has four tracks: next and previous wrap, the end of a track advances, and a reload restores the place", async ({
  page,
}) => {
  await signInWithLink(page, fullPlaylistListeners.playerMember, "/about");
  const player = playerOf(page);
  const toggle = titleToggle(page);
  await expect(toggle).toHaveAccessibleName("Now playing: Still Water");
  await toggle.click();
  await expect(player.getByText("Track 1 of 4")).toBeVisible();

  await player.getByRole("button", { name: "Next track" }).click();
  await expect(toggle).toHaveAccessibleName("Now playing: Candle Hours");
  await player.getByRole("button", { name: "Previous track" }).click();
  await player.getByRole("button", { name: "Previous track" }).click();
  await expect(toggle).toHaveAccessibleName("Now playing: Slow Tide");
  await expect(player.getByText("Track 4 of 4")).toBeVisible();
  expect(await stored(page, "loop-count")).toBe("0");

  // At the last track's end the playlist wraps to the first and counts a loop.
  const played = tracking(page, "play");
  await player.getByRole("button", { name: "Play", exact: true }).click();
  const play = await played;
  expect(play).toMatchObject({ userEmail: fullPlaylistListeners.playerMember, trackTitle: "Slow Tide", anonymousSessionId: null });
  expect(play.userId).toEqual(expect.any(String));
  await expect.poll(() => audio(page, (element) => element.readyState >= 1 && !element.paused)).toBe(true);
  const ended = tracking(page, "ended");
  await audio(page, (element) => (element.currentTime = element.duration - 0.3));
  expect(await ended).toMatchObject({ action: "ended", trackTitle: "Slow Tide" });
  await expect(toggle).toHaveAccessibleName("Now playing: Still Water");
  await expect.poll(() => audio(page, (element) => !element.paused)).toBe(true);
  expect(await stored(page, "loop-count")).toBe("1");

  // Next round: the third track, played a little, is where a reload comes back to.
  await player.getByRole("button", { name: "Next track" }).click();
  await player.getByRole("button", { name: "Next track" }).click();
  await expect(toggle).toHaveAccessibleName("Now playing: Soledad at Dusk");
  await expect.poll(() => audio(page, (element) => element.currentTime), { timeout: 15_000 }).toBeGreaterThan(2.2);
  await expect.poll(() => stored(page, "position").then(Number)).toBeGreaterThan(1);

  await page.reload();
  await expect(titleToggle(page)).toHaveAccessibleName("Now playing: Soledad at Dusk");
  await expect.poll(() => audio(page, (element) => element.currentTime)).toBeGreaterThan(1);
  expect(await stored(page, "loop-count")).toBe("1");
  // Without a gesture the browser may refuse to start: the player then shows it is paused.
  const playing = await audio(page, (element) => !element.paused);
  await expect(playerOf(page).getByRole("button", { name: playing ? "Pause" : "Play", exact: true })).toBeVisible();
  if (!playing) expect(await stored(page, "playback")).toBe("paused");
});

test("the hint shows the number of tracks for 900 ms when the address asks for it", async ({ page }) => {
  await signInWithLink(page, fullPlaylistListeners.playerHint, "/about");
  await titleToggle(page).click(); // Using the player stops the hint showing by itself.
  await page.goto("/program");
  await page.waitForTimeout(300);
  await expect(playerOf(page).getByText("4 tracks now available")).toHaveCount(0);

  const statuses = await recordPlayerStatuses(page);
  await page.goto("/program?hint=1");
  const hint = playerOf(page).getByRole("status");
  await expect.poll(statuses.shown).toContain("4 tracks now available");
  await expect(hint).toHaveText("", { timeout: 3000 });
});

test("on /friend the player stays hidden until the page's play button, then plays the friend playlist", async ({ page }) => {
  const statuses = await recordPlayerStatuses(page);
  await page.goto("/friend");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Welcome, friend" })).toBeVisible();
  await expect(playerOf(page)).toHaveCount(0);

  await page.getByRole("button", { name: "Play the music" }).click();
  const player = playerOf(page);
  await expect(player).toBeFocused();
  await expect.poll(statuses.shown).toContain("2 tracks available");
  await expect(player.getByText("Track 1 of 2")).toBeVisible();
  await expect.poll(() => audio(page, (element) => !element.paused)).toBe(true);

  // Elsewhere the visitor's own playlist (one track) takes over from its start.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Program" }).click();
  await expect(titleToggle(page)).toHaveAccessibleName("Now playing: Still Water");
  await expect(playerOf(page).getByText(/Track \d of/)).toHaveCount(0);
});

test("the member's music page plays a chosen track in the global player", async ({ page }) => {
  await signInWithLink(page, fullPlaylistListeners.playerMusicPage, "/meditation");
  await page.getByRole("list", { name: "Playlist" }).getByRole("button", { name: "Play Soledad at Dusk" }).click();
  await expect(titleToggle(page)).toHaveAccessibleName("Now playing: Soledad at Dusk");
  await expect.poll(() => audio(page, (element) => !element.paused && element.src.endsWith("/media/audio/soledad-dusk.mp3"))).toBe(true);
  expect(await page.locator("audio").count()).toBe(1);
});

/**
 * What a person reading or tabbing meets that the player covers: the focused element (unless it is
 * the player's own) when it meets the player's bar or its opened controls, and, for `dates`, each
 * event's date line on the screen below the header whose centre the player (or anything) covers.
 * The player itself must stay within the header, which covers what scrolls under it anyway.
 */
function coveredByThePlayer(page: Page, what: "focus" | "dates") {
  return page.evaluate((kind) => {
    const player = document.querySelector("section[aria-label='Music player']");
    const header = document.querySelector("header");
    if (!player || !header) return ["no player or no header"];
    // The bar and whatever hangs from it (its opened controls, the hint): hidden parts measure nothing.
    const drawn = [player, ...player.querySelectorAll("*")].map((element) => element.getBoundingClientRect());
    const meets = (box: DOMRect) =>
      drawn.some((area) => area.width > 0 && box.left < area.right && area.left < box.right && box.top < area.bottom && area.top < box.bottom);
    const findings: string[] = [];
    const bar = player.getBoundingClientRect();
    if (bar.bottom > header.getBoundingClientRect().bottom) findings.push(`the player reaches below the header (${bar.bottom} px)`);
    if (kind === "focus") {
      const focused = document.activeElement;
      if (focused && focused !== document.body && !player.contains(focused) && meets(focused.getBoundingClientRect()))
        findings.push(`${focused.tagName.toLowerCase()} "${(focused.textContent ?? "").trim().slice(0, 40)}" meets the player at ${window.scrollY} px`);
    } else {
      const headerBottom = header.getBoundingClientRect().bottom;
      for (const date of document.querySelectorAll("main article time")) {
        const box = date.getBoundingClientRect();
        const centre = { x: box.left + box.width / 2, y: box.top + box.height / 2 };
        // Off the screen (elementFromPoint takes whole pixels), or under the header, which covers it anyway.
        if (centre.y <= headerBottom || centre.y >= document.documentElement.clientHeight - 1) continue;
        const top = document.elementFromPoint(centre.x, centre.y);
        if (meets(box)) findings.push(`"${date.textContent}" under the player at ${window.scrollY} px`);
        else if (!top || !date.contains(top))
          findings.push(`"${date.textContent}" under ${top?.tagName.toLowerCase()}.${top?.className} at ${window.scrollY} px`);
      }
    }
    return findings;
  }, what);
}

for (const screen of [
  { name: "a phone", use: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } },
  { name: "a desktop screen", use: { viewport: { width: 1280, height: 800 } } },
]) {
  test.describe(`the player on ${screen.name} covers nothing`, () => {
    test.use(screen.use);

    test("scrolling the events page, no event's date line passes under it", async ({ page }) => {
      await openAsAPerson(page, "/events");
      await expect(page.locator("main article time").first()).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      const findings: string[] = [];
      for (let y = 0; y <= height + 100; y += 100) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        findings.push(...(await coveredByThePlayer(page, "dates")));
      }
      expect(findings).toEqual([]);
      // And so once the player shows (after hydration), at every place again.
      await expect(titleToggle(page)).toBeVisible();
      for (let y = height + 100; y >= 0; y -= 100) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        findings.push(...(await coveredByThePlayer(page, "dates")));
      }
      expect(findings).toEqual([]);
    });

    test("tabbing through an event's page, no focused element meets it, opened or not, and the music plays on", async ({ page }) => {
      await page.goto("/events");
      const eventPath = await page.getByRole("main").getByRole("article").first().getByRole("heading").getByRole("link").getAttribute("href");
      await openAsAPerson(page, eventPath!);
      const player = playerOf(page);
      await player.getByRole("button", { name: "Play", exact: true }).click();
      await expect.poll(() => audio(page, (element) => !element.paused && element.currentTime > 0)).toBe(true);

      // Opened from the keyboard; tabbing on past its controls closes them.
      await titleToggle(page).focus();
      await page.keyboard.press("Enter");
      await expect(player.getByLabel("Volume")).toBeVisible();
      let leftThePlayer = false;
      for (let stop = 0; stop < 45; stop += 1) {
        await page.keyboard.press("Tab");
        await expect.poll(() => coveredByThePlayer(page, "focus")).toEqual([]);
        if (!leftThePlayer && !(await player.evaluate((element) => element.contains(document.activeElement)))) {
          leftThePlayer = true;
          await expect(player.getByLabel("Volume")).toBeHidden();
        }
      }
      expect(leftThePlayer).toBe(true);
      // Escape closes the controls and gives the focus back to the title.
      await titleToggle(page).click();
      await expect(player.getByLabel("Volume")).toBeVisible();
      await player.getByRole("button", { name: "Mute" }).focus();
      await page.keyboard.press("Escape");
      await expect(player.getByLabel("Volume")).toBeHidden();
      await expect(titleToggle(page)).toBeFocused();
      // A press elsewhere on the page closes them too.
      await titleToggle(page).click();
      await expect(player.getByLabel("Volume")).toBeVisible();
      await page.mouse.click(4, 600);
      await expect(player.getByLabel("Volume")).toBeHidden();

      const before = await audio(page, (element) => element.currentTime);
      await expect.poll(() => audio(page, (element) => (element.paused ? -1 : element.currentTime))).toBeGreaterThan(before);
    });
  });
}
