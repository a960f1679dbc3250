import { describe, expect, it } from "vitest";
import { isOwnOrigin, isTokenOnlyWrite } from "./same-origin";

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

describe("isTokenOnlyWrite", () => {
  it("exempts only POST /unsubscribe (RFC 8058 one-click) from the same-origin rule", () => {
    expect(isTokenOnlyWrite("POST", "/unsubscribe")).toBe(true);
    expect(isTokenOnlyWrite("POST", "/unsubscribe/")).toBe(false);
    expect(isTokenOnlyWrite("POST", "/login/campaign")).toBe(false);
    expect(isTokenOnlyWrite("POST", "/admin/communications")).toBe(false);
  });
});
