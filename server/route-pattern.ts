import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

const trees = new WeakMap<ServerBuild, RouteObject[]>();
/**
 * The patterns of paths that carry no values (`/api/payments/stripe`), per build: matchRoutes
 * flattens and ranks the whole route table on every call (about a millisecond of CPU per request),
 * and such a path always names the same pattern. Paths with values are never kept (they may carry a
 * token), nor paths no route matches; the count is bounded all the same.
 */
const staticPatterns = new WeakMap<ServerBuild, Map<string, string>>();
const STATIC_PATTERNS_KEPT = 1000;

/** The build's route manifest (id → parentId, path) as the nested routes matchRoutes walks. */
function routeTree(build: ServerBuild): RouteObject[] {
  let tree = trees.get(build);
  if (tree) return tree;
  const entries = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) => (route.index ? { id: route.id, index: true } : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: childrenOf(route.id) }));
  tree = childrenOf(undefined);
  trees.set(build, tree);
  return tree;
}

/**
 * The route table's pattern a URL path matched (`/events/:slug`), for metrics and request logs:
 * never the path itself, which may carry a token or an e-mail address. A data request
 * (`/events/x.data`) gets its page's pattern with `.data`; a path no route matches, `unmatched`.
 */
export function routePatternOf(build: ServerBuild, pathname: string): string {
  let known = staticPatterns.get(build);
  if (!known) staticPatterns.set(build, (known = new Map()));
  const kept = known.get(pathname);
  if (kept) return kept;
  const pattern = matchPattern(build, pathname);
  if (pattern === pathname && !/[:*]/.test(pattern)) {
    if (known.size >= STATIC_PATTERNS_KEPT) known.clear();
    known.set(pathname, pattern);
  }
  return pattern;
}

function matchPattern(build: ServerBuild, pathname: string): string {
  const data = pathname.endsWith(".data");
  const page = data ? pathname.slice(0, -".data".length).replace(/^\/_root$/, "/") || "/" : pathname;
  const matches = matchRoutes(routeTree(build), page, build.basename);
  if (!matches) return "unmatched";
  const pattern = `/${matches.map((match) => (match.route.path ?? "").replace(/^\/+|\/+$/g, "")).filter(Boolean).join("/")}`;
  return data ? `${pattern}.data` : pattern;
}
