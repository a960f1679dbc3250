import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "#app/routes";
import { routePatternOf } from "./route-pattern";

// The shape of a build's route manifest, for a few of our routes.
const route = (id: string, path: string | undefined, parentId: string | null = "root", index = false) => ({ id, path, parentId: parentId ?? undefined, index, caseSensitive: false, module: {} });
const build = {
  basename: "/",
  routes: {
    root: route("root", "", null),
    home: route("home", undefined, "root", true),
    events: route("events", "events"),
    event: route("event", "events/:slug"),
    reserve: route("reserve", "events/:slug/reserve"),
    admin: route("admin", "admin"),
    setup: route("setup", "setup", "admin"),
    audio: route("audio", "media/audio/:file"),
  },
} as unknown as ServerBuild;

describe("routePatternOf", () => {
  it("names the route's pattern, never the path's values", () => {
    expect(routePatternOf(build, "/")).toBe("/");
    expect(routePatternOf(build, "/events")).toBe("/events");
    expect(routePatternOf(build, "/events/ada@example.com")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events/a-slug/reserve")).toBe("/events/:slug/reserve");
    expect(routePatternOf(build, "/admin/setup")).toBe("/admin/setup");
    expect(routePatternOf(build, "/media/audio/secret-track.mp3")).toBe("/media/audio/:file");
  });

  it("gives a data request its page's pattern, and a path no route matches `unmatched`", () => {
    expect(routePatternOf(build, "/events/a-slug.data")).toBe("/events/:slug.data");
    expect(routePatternOf(build, "/_root.data")).toBe("/.data");
    expect(routePatternOf(build, "/no/such/token-s3cr3t")).toBe("unmatched");
  });
});

describe("routePatternOf, asked again", () => {
  it("answers a path the same from what it kept, with or without values", () => {
    expect(routePatternOf(build, "/admin/setup")).toBe("/admin/setup");
    expect(routePatternOf(build, "/admin/setup")).toBe("/admin/setup");
    expect(routePatternOf(build, "/events/:slug")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events/another")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events/another")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events/another/reserve.data")).toBe("/events/:slug/reserve.data");
    expect(routePatternOf(build, "/events/another/reserve.data")).toBe("/events/:slug/reserve.data");
    expect(routePatternOf(build, "/events.data")).toBe("/events.data");
    expect(routePatternOf(build, "/no/such/token-s3cr3t")).toBe("unmatched");
    expect(routePatternOf(build, "/no/such/token-s3cr3t")).toBe("unmatched");
  });
});

describe("routePatternOf, against our own route table", () => {
  // The manifest a build of app/routes.ts has (ids as the build names them do not matter here).
  const manifest: Record<string, ReturnType<typeof route>> = { root: route("root", "", null) };
  const add = (entries: RouteConfigEntry[], parentId: string) =>
    entries.forEach((entry, position) => {
      const id = `${parentId}/${position}:${entry.file}`;
      manifest[id] = route(id, entry.path, parentId, entry.index ?? false);
      if (entry.children) add(entry.children, id);
    });
  add(routes, "root");
  const ourBuild = { basename: "/", routes: manifest } as unknown as ServerBuild;
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest)
      .filter((entry) => entry.parentId === parentId)
      .map((entry) => (entry.index ? { id: entry.id, index: true } : { id: entry.id, path: entry.path, children: tree(entry.id) }));
  const whole = tree(undefined);
  /** What matchRoutes answers with the whole table: what the cut-down tables must answer too. */
  const expected = (pathname: string) => {
    const data = pathname.endsWith(".data");
    const page = data ? pathname.slice(0, -".data".length) || "/" : pathname;
    const matches = matchRoutes(whole, page);
    if (!matches) return "unmatched";
    const pattern = `/${matches.map((match) => (match.route.path ?? "").replace(/^\/+|\/+$/g, "")).filter(Boolean).join("/")}`;
    return data ? `${pattern}.data` : pattern;
  };
  const patterns = Object.values(manifest).map((entry) => {
    const chain: string[] = [];
    for (let at: ReturnType<typeof route> | undefined = entry; at; at = at.parentId ? manifest[at.parentId] : undefined) chain.unshift(at.path ?? "");
    return `/${chain.filter(Boolean).join("/")}`;
  });
  // Each pattern with its values filled in, in other cases and spellings, as data requests, and paths no route has.
  const paths = [...new Set(patterns)].flatMap((pattern) => {
    const filled = pattern.replace(/:[^/]+/g, "a-value").replace(/\*$/, "some/rest");
    return [filled, filled.toUpperCase(), `${filled}/`, `${filled}.data`, `${filled}/extra`, filled.replace(/^\/([^/]+)/, "/%41$1")];
  });
  paths.push("/", "/nothing-here", "/NOTHING/here", "//events", "/events//x");

  it("names the pattern matchRoutes names with the whole table, for every route and spelling", () => {
    expect(paths.length).toBeGreaterThan(300);
    for (const path of paths) expect(routePatternOf(ourBuild, path), path).toBe(expected(path));
    // The reservation's own request, asked twice (the second time from the kept cut-down table).
    expect(routePatternOf(ourBuild, "/events/a-slug/reserve.data")).toBe("/events/:slug/reserve.data");
    expect(routePatternOf(ourBuild, "/events/another/reserve.data")).toBe("/events/:slug/reserve.data");
  });
});
