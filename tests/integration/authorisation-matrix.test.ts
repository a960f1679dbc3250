import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import { can, type Action } from "~/modules/members/policy";
import type { Role } from "~/modules/members/roles";
import { signInOverHttp } from "../support/http-session";
import { SmtpSink } from "../support/smtp-sink";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The authorisation matrix, generated from the route table: every page under /admin must name the
 * policy action that guards it here (a new staff page without an entry fails this test), and each
 * person is let in exactly when `can(person, action)` says so.
 */
const guardOf: Record<string, Action | "signed-in"> = {
  "/admin": "open-dashboard",
  "/admin/setup": "signed-in",
  "/admin/communications": "send-communications",
  "/admin/eventreservations": "manage-reservations",
  "/admin/eventmanagement": "manage-events",
};

function pathsOf(entries: RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent : [parent, entry.path].filter(Boolean).join("/");
    return entry.children ? pathsOf(entry.children, path) : [`/${path}`.replace(/\/+$/, "") || "/"];
  });
}

const staffPaths = pathsOf(routes as RouteConfigEntry[]).filter((path) => path === "/admin" || path.startsWith("/admin/"));

describe("the authorisation matrix of the staff area", () => {
  let server: TestServer;
  let sink: SmtpSink;
  const stamp = Date.now().toString(36);
  const people: Record<Role, string> = {
    admin: `boss-${stamp}@example.com`,
    "event-staff": `usher-${stamp}@example.com`,
    member: `guest-${stamp}@example.com`,
  };
  const cookies: Partial<Record<Role, string>> = {};

  beforeAll(async () => {
    sink = await SmtpSink.onFreePort();
    await sink.start();
    server = await startTestServer({
      SMTP_URL: sink.url,
      SEED_DEMO_CONTENT: "false",
      ADMIN_EMAILS: people.admin,
      EVENT_STAFF_EMAILS: people["event-staff"],
    });
    for (const role of Object.keys(people) as Role[]) cookies[role] = await signInOverHttp(server.url, sink, people[role]);
  });
  afterAll(async () => {
    await server?.stop();
    await sink?.stop();
  });

  it("names a guard for every staff page of the route table", () => {
    expect(staffPaths.length).toBeGreaterThan(0);
    for (const path of staffPaths) expect(guardOf, `no guard listed for ${path}`).toHaveProperty([path]);
  });

  it.each(staffPaths)("%s lets in exactly whom the policy allows", async (path) => {
    const guard = guardOf[path]!;
    const visitor = await fetch(`${server.url}${path}`, { redirect: "manual" });
    expect(visitor.status === 401 || visitor.status === 302, `visitor: ${visitor.status}`).toBe(true);
    for (const role of Object.keys(people) as Role[]) {
      const response = await fetch(`${server.url}${path}`, { redirect: "manual", headers: { Cookie: cookies[role]! } });
      const allowed = guard === "signed-in" || can({ role }, guard);
      expect(response.status, `${role} on ${path}`).toBe(allowed ? 200 : 403);
    }
  });
});
