import { hash } from "node:crypto";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * The patterns of paths already matched, per build: a path always names the same pattern, and the
 * hot paths repeat (an event that sells out gets thousands of posts to one `/events/<slug>/reserve.data`;
 * matching costs about 0.1 ms of CPU each time). Each path is kept only as its SHA-256, so no token
 * a path may carry stays in memory. Bounded: the map starts afresh when full.
 */
const knownPatterns = new WeakMap<ServerBuild, Map<string, string>>();
const PATTERNS_KEPT = 2000;

/** The build's route manifest (id → parentId, path) as the nested routes matchRoutes walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  const entries = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) }));
  return childrenOf(undefined);
}

/** A path's first segment as a key: lower case (routes match case-insensitively), "" for none. */
const firstSegmentOf = (path: string) => (path.split("/").find(Boolean) ?? "").toLowerCase();
/** A first segment a route's pattern may match whatever the path's is: a parameter, a splat, an optional segment. */
const isOpenSegment = (segment: string) => /[:*?]/.test(segment);

/**
 * The route table cut down to the routes a path with a given first segment can match: matchRoutes
 * flattens and ranks every route it is given on every call (about a millisecond of CPU per request
 * for our whole table, on the hot path of every reservation), so each path is matched against the
 * few routes under its first segment, and those are cut once per build. A route whose pattern
 * starts with another static segment can never match, and the routes kept rank as they did (their
 * order among siblings is kept), so the answer is the whole table's.
 */
interface RouteTables {
  whole: RouteObject[];
  /** The static first segments of the table's patterns, each with its cut-down table ("" for any other). */
  bySegment: Map<string, RouteObject[]>;
  staticSegments: Set<string>;
}
const tables = new WeakMap<ServerBuild, RouteTables>();

function routeTables(build: ServerBuild): RouteTables {
  let kept = tables.get(build);
  if (kept) return kept;
  const whole = routeTree(build);
  const staticSegments = new Set<string>();
  const collect = (routes: RouteObject[], parentPath: string) => {
    for (const route of routes) {
      const path = `${parentPath}/${route.path ?? ""}`;
      const first = firstSegmentOf(path);
      if (first && !isOpenSegment(first)) staticSegments.add(first);
      if (route.children) collect(route.children, path);
    }
  };
  collect(whole, "");
  kept = { whole, bySegment: new Map(), staticSegments };
  tables.set(build, kept);
  return kept;
}

function cutDown(routes: RouteObject[], parentPath: string, segment: string): RouteObject[] {
  const kept: RouteObject[] = [];
  for (const route of routes) {
    const path = `${parentPath}/${route.path ?? ""}`;
    const first = firstSegmentOf(path);
    const children = route.children ? cutDown(route.children, path, segment) : undefined;
    const mayMatch = first === "" || isOpenSegment(first) || first === segment;
    if (mayMatch || children?.length) kept.push(route.children ? { ...route, children } : route);
  }
  return kept;
}

/** The routes a path may match: the cut of its first segment, or the whole table when the path is not plain. */
function routesFor(build: ServerBuild, page: string): RouteObject[] {
  const table = routeTables(build);
  const raw = firstSegmentOf(page);
  // An escaped first segment, or a base path, is left to matchRoutes whole.
  if (raw.includes("%") || (build.basename && build.basename !== "/")) return table.whole;
  const segment = table.staticSegments.has(raw) ? raw : "";
  let routes = table.bySegment.get(segment);
  if (!routes) table.bySegment.set(segment, (routes = cutDown(table.whole, "", segment)));
  return routes;
}

/**
 * The route table's pattern a URL path matched (`/events/:slug`), for metrics and request logs:
 * never the path itself, which may carry a token or an e-mail address. A data request
 * (`/events/x.data`) gets its page's pattern with `.data`; a path no route matches, `unmatched`.
 */
export function routePatternOf(build: ServerBuild, pathname: string): string {
  let known = knownPatterns.get(build);
  if (!known) knownPatterns.set(build, (known = new Map()));
  const key = hash("sha256", pathname, "base64");
  const kept = known.get(key);
  if (kept) return kept;
  const pattern = matchPattern(build, pathname);
  if (known.size >= PATTERNS_KEPT) known.clear();
  known.set(key, pattern);
  return pattern;
}

function matchPattern(build: ServerBuild, pathname: string): string {
  const data = pathname.endsWith(".data");
  const page = data ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") || "/" : pathname;
  const matches = matchRoutes(routesFor(build, page), page, build.basename);
  if (!matches) return "unmatched";
  const pattern = `/${matches.map((match) => (match.route.path ?? "").replace(/^\/+|\/+$/g, "")).filter(Boolean).join("/")}`;
  return data ? `${pattern}.data` : pattern;
}
