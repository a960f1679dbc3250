import type { UIMatch } from "react-router";

/**
 * A route's `handle` when the page is a web app of its own (the staff door, decision 068): its
 * route links its own manifest and touch icon, and the root then leaves out the site's, since a
 * browser installs from the first manifest link it meets.
 */
export interface WebAppHandle {
  ownWebApp: true;
}

/** Whether a matched route of this page links its own web app manifest. */
export function hasOwnWebApp(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as Partial<WebAppHandle> | undefined)?.ownWebApp === true);
}
