import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { test } from "../support/hydration";
import { demoInvitations } from "#app/modules/demo/demo-invitations";
import { signInWithLink } from "../support/auth";

/**
 * The demo seed's invitations. The form checks run before the acceptance, which uses up the
 * pending invitation, so this file's tests run in order.
 */
test.describe.configure({ mode: "serial" });

const { pending, expired } = demoInvitations;
/** The demo invitations' links of this installation (their rids are random), as an admin sees them. */
const links = new Map<string, string>();
const invitationLink = (invitation: { email: string }) => links.get(invitation.email)!;

test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await signInWithLink(page, "admin@harmonia.example", "/admin/setup");
  const section = page.getByRole("region", { name: "Demo invitations" });
  for (const invitation of [pending, expired]) {
    const href = await section.getByRole("link", { name: invitation.email }).getAttribute("href");
    const url = new URL(href!);
    links.set(invitation.email, `${url.pathname}${url.search}`);
  }
  await page.close();
});

const field = (page: Page, label: string) => page.getByRole("textbox", { name: label, exact: true });
const submitButton = (page: Page) => page.getByRole("button", { name: /Accept Gift & Become a Member|Creating Your Membership/ });
const terms = (page: Page) => page.getByRole("checkbox", { name: /I agree to the Terms of Service/ });
const texts = (page: Page) => page.getByRole("checkbox", { name: /Text me about events/ });
const joiningWords = "You will get our e-mails about events and music; unsubscribe any time.";
const isAcceptance = (url: URL, method: string) => method === "POST" && url.pathname.startsWith("/invitation");

test("the invitation form is prefilled from the rid, defaults the preference, and checks its fields", async ({ page }) => {
  await page.goto(invitationLink(pending));
  await expect(page.getByRole("heading", { name: "Complete Your Membership" })).toBeVisible();
  await expect(field(page, "First name")).toHaveValue(pending.firstName);
  await expect(field(page, "Last name")).toHaveValue(pending.lastName);
  await expect(field(page, "Email")).toHaveValue(pending.email);
  await expect(field(page, "Email")).toHaveAttribute("type", "email");
  await expect(field(page, "City")).toHaveValue(pending.city);
  // Three past events: the preference starts at 'everything'.
  await expect(page.getByRole("radio", { name: /^Everything/ })).toBeChecked();
  for (const card of ["4 Unreleased Songs", "Member Community", "Early Access"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }

  // Phone and texts are never a condition of the gift; the Terms are; accepting is the e-mail consent (decision 054).
  await expect(page.getByRole("textbox", { name: "Phone (optional)" })).toHaveAttribute("type", "tel");
  await expect(page.getByRole("textbox", { name: "Phone (optional)" })).not.toHaveAttribute("required");
  await expect(texts(page)).not.toBeChecked();
  await expect(submitButton(page)).toHaveAccessibleDescription(joiningWords);
  await expect(submitButton(page)).toBeDisabled();
  await terms(page).check();
  await expect(submitButton(page)).toBeEnabled();

  // The form as the guest first sees it, and with a field's error shown, passes axe.
  const axe = () => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
  expect((await axe()).violations.map((violation) => violation.id)).toEqual([]);

  await page.getByRole("checkbox", { name: "Interested in all" }).check();
  for (const interest of ["Live piano meditation events", "Community discussions and sharing"]) {
    await expect(page.getByRole("checkbox", { name: interest })).toBeChecked();
  }
  await page.getByRole("checkbox", { name: "Guided meditation content" }).uncheck();
  await expect(page.getByRole("checkbox", { name: "Interested in all" })).not.toBeChecked();

  await field(page, "First name").fill("");
  await submitButton(page).click();
  await expect(field(page, "First name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "First name")).toBeFocused();
  await expect(page.getByRole("alert")).toContainText("Please fill in all required fields");
  expect((await axe()).violations.map((violation) => violation.id)).toEqual([]);
  await field(page, "First name").fill(pending.firstName);

  // Texts need the number they go to: the phone field says so, the box stays ticked.
  await field(page, "Phone (optional)").fill("");
  await texts(page).check();
  await submitButton(page).click();
  await expect(field(page, "Phone (optional)")).toHaveAccessibleDescription("Please enter the phone number to text, or untick the text messages box.");
  await expect(field(page, "Phone (optional)")).toBeFocused();
  await expect(texts(page)).toBeChecked();
  await texts(page).uncheck();

  // A lost connection gets the spec's text and keeps what was typed.
  await field(page, "Phone (optional)").fill(pending.phone);
  await page.route("**/*", (route, request) =>
    isAcceptance(new URL(request.url()), request.method()) ? route.abort("internetdisconnected") : route.continue(),
  );
  await submitButton(page).click();
  await expect(page.getByRole("alert")).toContainText("Failed to complete membership signup");
  await expect(field(page, "Phone (optional)")).toHaveValue(pending.phone);
});

test("accepting the invitation on a phone, without texts, makes a member who lands signed in on their music", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(invitationLink(pending));
  // Nothing runs off the phone's screen: the boxes' words wrap.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByRole("radio", { name: "Important updates only" }).check();
  await page.getByLabel("How did you hear about us?").selectOption("attended_event");
  await page.getByRole("checkbox", { name: "Candlelight yoga and piano" }).check();
  await terms(page).check();
  await expect(texts(page)).not.toBeChecked();

  // Hold the request until the sending state has been seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/*", async (route, request) => {
    if (isAcceptance(new URL(request.url()), request.method())) await held;
    await route.continue();
  });
  await submitButton(page).click();
  await expect(submitButton(page)).toHaveText("Creating Your Membership...");
  await expect(submitButton(page)).toBeDisabled();
  release();

  await expect(page.getByRole("heading", { name: "Welcome to Harmonia!" })).toBeVisible();
  await expect(
    page.getByText("Your membership is now active. Redirecting you to your exclusive music collection..."),
  ).toBeVisible();

  // The sign-in link's page: the invitee proved the address with the rid, so one press signs in.
  await expect(page).toHaveURL((url) => url.pathname === "/login/link");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/meditation");
  await expect(page.getByRole("complementary", { name: "Signed in" })).toHaveText(`Signed in as ${pending.email}`);

  await page.goto(invitationLink(pending));
  await expect(page.getByText("This invitation has already been accepted. Log in to hear your music.")).toBeVisible();
});

test("an expired invitation says so and names where to ask for a new one", async ({ page }) => {
  await page.goto(invitationLink(expired));
  await expect(
    page.getByText("This invitation has expired. Please ask us for a new one at hello@harmonia.example."),
  ).toBeVisible();
  await expect(submitButton(page)).toHaveCount(0);
});
