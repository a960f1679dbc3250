import { useEffect, useLayoutEffect } from "react";
import { endHydrationSoon } from "#app/lib/use-hydrated";

/**
 * User Timing marks around the page's hydration, once per page load (docs/decisions/070):
 * `hydrate:start` before hydrateRoot, `router:create` as the router is made (the first render of
 * React Router's HydratedRouter), `root:render` when the root route first renders (the router is
 * made), `hydrate:commit` in the hydrated tree's commit (the root's layout effect) and
 * `hydrate:effects` when its first effects run. `npm run bench:pages` names each long task by the
 * marks that fall in it, and times the load event to `hydrate:commit`. A mark costs microseconds.
 */
export type HydrationMark = "hydrate:start" | "router:create" | "root:render" | "hydrate:commit" | "hydrate:effects";

const marked = new Set<HydrationMark>();

export function markHydration(name: HydrationMark) {
  if (typeof document === "undefined" || marked.has(name)) return;
  // The router's first render waits (suspends) for the page's data to decode, then renders again:
  // `router:create` marks each try until the root has rendered.
  if (name !== "router:create") marked.add(name);
  else if (marked.has("root:render")) return;
  performance.mark(name);
}

/** In the root's layout: the render, commit and effect marks; and, after the effects, `useHydrated` turns true. */
export function useHydrationMarks() {
  markHydration("root:render");
  useLayoutEffect(() => markHydration("hydrate:commit"), []);
  useEffect(() => {
    markHydration("hydrate:effects");
    endHydrationSoon();
  }, []);
}
