import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
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
  it("answers a path without values the same from what it kept, and a path with values from the table each time", () => {
    expect(routePatternOf(build, "/admin/setup")).toBe("/admin/setup");
    expect(routePatternOf(build, "/admin/setup")).toBe("/admin/setup");
    expect(routePatternOf(build, "/events/:slug")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events/another")).toBe("/events/:slug");
    expect(routePatternOf(build, "/events.data")).toBe("/events.data");
    expect(routePatternOf(build, "/no/such/token-s3cr3t")).toBe("unmatched");
    expect(routePatternOf(build, "/no/such/token-s3cr3t")).toBe("unmatched");
  });
});
