/**
 * The door page's search and its address (docs/decisions/068).
 */

/** The page's address with the search box's words as `q` (the rest of its search kept). */
export function addressWithSearch(pathname: string, search: string, query: string) {
  const params = new URLSearchParams(search);
  if (query) params.set("q", query);
  else params.delete("q");
  const rest = params.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/**
 * The address keeps the search as one types, without a router navigation: on this page a
 * navigation (even to the same path with another `q`) asks the server which routes the path has
 * when the router has not asked it since the page loaded, and with no signal that question fails
 * into the error page (a door page reloaded offline is exactly that case). The router's own state
 * is kept with the address (`history.state`), so its later navigations count from here.
 */
export function keepSearchInAddress(query: string) {
  const next = addressWithSearch(window.location.pathname, window.location.search, query);
  window.history.replaceState(window.history.state, "", next + window.location.hash);
}

/**
 * The search form's submit once the page runs: the list has filtered already as one typed, so
 * Search (or the keyboard's Enter) asks nothing of the server and, offline, fails into nothing.
 * Before hydration the form posts as without JavaScript.
 */
export const filterInPlace = (event: { preventDefault(): void }) => event.preventDefault();

