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
