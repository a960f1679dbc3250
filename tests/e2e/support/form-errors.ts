import { expect as baseExpect, type Locator, type Page } from "@playwright/test";

/** A refused post answered without scripts is a whole page load: on a busy machine it takes a while. */
const expect = baseExpect.configure({ timeout: 25_000 });

/**
 * What a person meets after a refused form (decision 055): the error summary, read out (an alert
 * titled "There is a problem" naming the error), and `focused` with the focus, inside the window and
 * not under the fixed header or the staff navigation: its top edge and its middle are what the
 * browser would hit there.
 */
export async function expectErrorReported(page: Page, focused: Locator, error: string | RegExp) {
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeVisible();
  await expect(summary).toContainText(error);
  await expect(focused).toBeFocused();
  await expect(focused).toBeInViewport();
  // A smooth scroll may still be under way: ask until it has settled where it is uncovered.
  await expect.poll(() => uncovered(focused), { message: "the focused field is clear of anything fixed over it" }).toBe(true);
  return summary;
}

/** Whether the browser, hit at the element's top edge and at its middle, finds the element itself. */
export function uncovered(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const points: Array<[number, number]> = [
      [rect.left + Math.min(8, rect.width / 2), rect.top + 1],
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
    ];
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !!hit && (hit === node || node.contains(hit));
    });
  });
}

/**
 * Scrolls the element up to just under the fixed header (and the staff navigation), as a person who
 * scrolled down to the form's button has it: the fields above it are then out of sight.
 */
export function scrollUnderHeader(element: Locator) {
  return element.evaluate((node) => {
    const clearance = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    window.scrollBy({ top: node.getBoundingClientRect().top - clearance, behavior: "instant" });
  });
}

/** Scrolls the page until the element sits under the fixed header (covered by it), as a field the person scrolled past. */
export function scrollBehindHeader(element: Locator) {
  return element.evaluate((node) => {
    window.scrollBy({ top: node.getBoundingClientRect().top - 8, behavior: "instant" });
  });
}

/** The error under a field: the message without its copy in the form's error summary (a link there). */
export function fieldError(scope: Page | Locator, text: string) {
  return scope.getByText(text).and(scope.locator(":not([data-error-summary] *)"));
}
