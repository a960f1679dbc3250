import type { UIMatch } from "react-router";

/** The staff layout's route `handle`: its pages are the staff area's. */
export interface StaffAreaHandle {
  staffArea: true;
}

/**
 * Whether the page shows the staff area's shell: the staff layout matched and its loader answered
 * (a visitor refused by its guard sees the root's error page instead). The root marks `<html>` with
 * it (`data-staff-area`) for the styles that depend on it: the opaque header and the room kept for
 * the sticky staff navigation. They were `html:has(...)` rules; a `:has()` on the root element
 * that looks for an attribute as common as aria-label made the browser check the whole document's
 * style again as the page was parsed: 11–19 % of its style time (decision 071).
 */
export function showsStaffArea(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as Partial<StaffAreaHandle> | undefined)?.staffArea === true && match.data !== undefined);
}
