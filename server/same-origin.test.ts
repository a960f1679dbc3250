import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { isOwnOrigin, sameOriginWrites } from "./same-origin";

describe("isOwnOrigin", () => {
  it("with a public PUBLIC_URL accepts its origin only, whatever the Host", () => {
    const publicUrl = "https://harmonia.example";
    expect(isOwnOrigin("https://harmonia.example", { publicUrl, host: "harmonia.example" })).toBe(true);
    expect(isOwnOrigin("https://rebind.evil.example", { publicUrl, host: "rebind.evil.example" })).toBe(false);
    expect(isOwnOrigin("http://harmonia.example", { publicUrl, host: "harmonia.example" })).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:3000", { publicUrl, host: "127.0.0.1:3000" })).toBe(false);
  });

  it("with a loopback PUBLIC_URL also accepts a loopback origin naming the requested host", () => {
    const publicUrl = "http://localhost:3000";
    expect(isOwnOrigin("http://localhost:3000", { publicUrl, host: "127.0.0.1:3000" })).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:3000", { publicUrl, host: "127.0.0.1:3000" })).toBe(true);
    expect(isOwnOrigin("http://127.0.0.1:4000", { publicUrl, host: "127.0.0.1:3000" })).toBe(false);
    expect(isOwnOrigin("http://rebind.evil.example:3000", { publicUrl, host: "rebind.evil.example:3000" })).toBe(false);
    expect(isOwnOrigin("null", { publicUrl, host: "localhost:3000" })).toBe(false);
    expect(isOwnOrigin("http://127.0.0.1:3000", { publicUrl, host: undefined })).toBe(false);
  });
});

describe("the cross-site exemption of one-click unsubscribe (issue 23)", () => {
  const publicUrl = "https://harmonia.example";
  const app = new Hono().use(sameOriginWrites(publicUrl)).post("*", (c) => c.text("done"));
  const post = (path: string, body: string, origin = "https://mail.example") =>
    app.request(`${publicUrl}${path}?token=t`, { method: "POST", headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" }, body });

  it("lets another site post exactly RFC 8058's body to /unsubscribe, and nothing else", async () => {
    expect((await post("/unsubscribe", "List-Unsubscribe=One-Click")).status).toBe(200);
    expect((await post("/unsubscribe", "intent=resubscribe")).status).toBe(403);
    expect((await post("/unsubscribe", "List-Unsubscribe=One-Click&intent=resubscribe")).status).toBe(403);
    expect((await post("/unsubscribe/", "List-Unsubscribe=One-Click")).status).toBe(403);
    expect((await post("/login/campaign", "List-Unsubscribe=One-Click")).status).toBe(403);
  });

  it("leaves the site's own posts to /unsubscribe alone", async () => {
    expect((await post("/unsubscribe", "intent=resubscribe", publicUrl)).status).toBe(200);
  });
});
