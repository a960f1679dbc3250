import AxeBuilder from "@axe-core/playwright";
import { expect as baseExpect, type Page } from "@playwright/test";
import sharp from "sharp";
import { test } from "../support/hydration";
import { staffAccounts } from "../support/accounts";
import { signInWithLink } from "../support/auth";
import { fieldError } from "../support/form-errors";

/**
 * The founder's own picture for an event (issue 24, item 14): chosen on the event form straight
 * after load, refused with its reason when it is no picture (the rest of the form kept), and shown
 * on the public event page from its served WebP with a srcset.
 */
test.describe.configure({ timeout: 150_000 });
const expect = baseExpect.configure({ timeout: 25_000 });
const PAGE = "/admin/eventmanagement";

const row = (page: Page, title: string) => page.getByRole("row", { name: title, exact: true });
const publicSlug = async (page: Page, title: string) => {
  const html = await (await page.request.get("/sitemap.xml")).text();
  const words = title.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  return new RegExp(`/events/(${words}-\\d+)<`).exec(html)?.[1];
};

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect(results.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(" ")) }))).toEqual([]);
}

async function fillEvent(page: Page, title: string) {
  const editor = page.getByRole("region", { name: "New event" });
  await editor.getByLabel("Title *").fill(title);
  await editor.getByLabel("Date *").fill("2033-05-21");
  await editor.getByLabel("Time *").fill("19:30");
  await editor.getByLabel("Description *").fill("Live piano under the full moon.");
  return editor;
}

test("the founder uploads a picture on the event form and sees it on the public event page", async ({ page }) => {
  const title = `Moon Upload ${Date.now().toString(36)}`;
  const picture = await sharp({ create: { width: 1024, height: 768, channels: 3, background: { r: 40, g: 60, b: 120 } } })
    .jpeg()
    .toBuffer();
  await signInWithLink(page, staffAccounts.media[0]!, `${PAGE}?new=1`);
  let editor = await fillEvent(page, title);
  await expectNoAxeViolations(page);

  // A text file named .jpg: refused by its content, everything typed kept, asked for again.
  await editor.getByLabel("Or upload your own picture").setInputFiles({ name: "moon.jpg", mimeType: "image/jpeg", buffer: Buffer.from("just some words, not a picture") });
  await editor.getByRole("button", { name: "Create event" }).click();
  await expect(fieldError(editor, "The file is not a JPEG, PNG or WebP picture.")).toBeVisible();
  await expect(editor.getByLabel("Title *")).toHaveValue(title);
  await expect(editor.getByLabel("Description *")).toHaveValue("Live piano under the full moon.");

  editor = page.getByRole("region", { name: "New event" });
  await editor.getByLabel("Or upload your own picture").setInputFiles({ name: "moon.jpg", mimeType: "image/jpeg", buffer: picture });
  await editor.getByRole("button", { name: "Create event" }).click();
  await expect(row(page, title)).toBeVisible();
  await row(page, title).getByRole("button", { name: "Publish" }).click();
  await expect(row(page, title)).toContainText("Published");

  const slug = await publicSlug(page, title);
  expect(slug).toBeTruthy();
  await page.goto(`/events/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const image = page.locator("article img").first();
  await expect(image).toHaveAttribute("src", /^\/media\/events\/[0-9a-f]{32}-800\.webp$/);
  await expect(image).toHaveAttribute("srcset", /-400\.webp 400w, .*-1200\.webp 1200w/);
  await expect(image).toHaveAttribute("width", "800");
  await expect(image).toHaveAttribute("height", "600");
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/events\/[0-9a-f]{32}-share\.webp$/);
  const served = await page.request.get((await image.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
  expect(served.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});

test("without JavaScript the picture is uploaded with the event form, and a wrong file keeps what was typed", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const title = `Offline Upload ${Date.now().toString(36)}`;
  const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 90, g: 40, b: 70 } } })
    .png()
    .toBuffer();
  await signInWithLink(page, staffAccounts.media[1]!, `${PAGE}?new=1`);
  let editor = await fillEvent(page, title);
  await editor.getByLabel("Or upload your own picture").setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("a shopping list, not a picture") });
  await editor.getByRole("button", { name: "Create event" }).click();
  editor = page.getByRole("region", { name: "New event" });
  await expect(fieldError(editor, "The file is not a JPEG, PNG or WebP picture.")).toBeVisible();
  await expect(editor.getByLabel("Title *")).toHaveValue(title);
  await expect(editor.getByLabel("Description *")).toHaveValue("Live piano under the full moon.");

  await editor.getByLabel("Or upload your own picture").setInputFiles({ name: "dusk.png", mimeType: "image/png", buffer: picture });
  await editor.getByRole("button", { name: "Create event" }).click();
  await expect(row(page, title)).toBeVisible();
  // The draft's picture is the uploaded one, served from the uploads as WebP.
  const image = row(page, title).locator("img").first();
  await expect(image).toHaveAttribute("src", /^\/media\/events\/[0-9a-f]{32}-\d+\.webp$/);
  expect((await page.request.get((await image.getAttribute("src"))!)).headers()["content-type"]).toBe("image/webp");
  await context.close();
});
