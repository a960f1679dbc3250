import type { Page } from "@playwright/test";

/** Picks one of the site's event images as a person does: on its picture's label. */
export const pickImage = (page: Page, label: string) =>
  page.getByRole("radiogroup", { name: "Site event images" }).getByText(label, { exact: true }).click();

let sequence = 0;

/** A label no other test (or run of this one) has used: events and subjects are found by it. */
export function unique(label: string): string {
  sequence += 1;
  return `${label} ${Date.now().toString(36)}${process.pid}${sequence}`;
}

/**
 * On the communications page: the group text to an event's guests, written and sent to its review
 * ('Review and send'), as a person fills the form.
 */
export async function textEventGuests(page: Page, eventName: string, text: string) {
  const form = page.getByRole("form", { name: "Text a group" });
  await form.getByRole("radio", { name: "The guests of one event" }).check();
  const picker = form.getByLabel("Event", { exact: true });
  await picker.selectOption((await picker.locator("option", { hasText: eventName }).getAttribute("value"))!);
  await form.getByLabel("Text", { exact: true }).fill(text);
  await form.getByRole("button", { name: "Review and send" }).click();
}
