import { describe, expect, it } from "vitest";
import { MAX_ANNOUNCEMENT_ADDRESSES, MAX_ANNOUNCEMENT_BODY_BYTES } from "#app/modules/campaigns/announcement-form";
import { MAX_MESSAGE_LENGTH } from "#app/modules/campaigns/campaign-form";
import { bodySizeLimitFor } from "./body-limit";

describe("bodySizeLimitFor", () => {
  it("allows forms 1 MB and everything else 64 KB", () => {
    expect(bodySizeLimitFor("/newsletter", "application/x-www-form-urlencoded")).toBe(1024 * 1024);
    expect(bodySizeLimitFor("/signup", "multipart/form-data; boundary=----x")).toBe(1024 * 1024);
    expect(bodySizeLimitFor("/api/auth/sign-in/email", "application/json")).toBe(64 * 1024);
    expect(bodySizeLimitFor("/api/trackAudio", "text/plain;charset=UTF-8")).toBe(64 * 1024);
    expect(bodySizeLimitFor("/", undefined)).toBe(64 * 1024);
  });

  it("lets the attendee import's form (and its data request) carry a 5 MB file, and only that path", () => {
    const importLimit = 5 * 1024 * 1024 + 64 * 1024;
    expect(bodySizeLimitFor("/admin/communications/import", "multipart/form-data; boundary=x")).toBe(importLimit);
    expect(bodySizeLimitFor("/admin/communications/import.data", "multipart/form-data; boundary=x")).toBe(importLimit);
    expect(bodySizeLimitFor("/admin/communications", "multipart/form-data; boundary=x")).toBe(1024 * 1024);
    expect(bodySizeLimitFor("/admin/communications/import", "application/json")).toBe(64 * 1024);
  });

  it("reads the media type case-insensitively", () => {
    expect(bodySizeLimitFor("/newsletter", " Application/X-WWW-Form-Urlencoded ; charset=utf-8")).toBe(1024 * 1024);
  });

  it("lets a path prefix raise a limit, the longest prefix winning", () => {
    const pathLimits = [
      { pathPrefix: "/admin", form: 2 * 1024 * 1024 },
      { pathPrefix: "/admin/import", form: 20 * 1024 * 1024 },
    ];
    expect(bodySizeLimitFor("/admin/import.data", "multipart/form-data", pathLimits)).toBe(20 * 1024 * 1024);
    expect(bodySizeLimitFor("/admin/events", "multipart/form-data", pathLimits)).toBe(2 * 1024 * 1024);
    expect(bodySizeLimitFor("/admin/import", "application/json", pathLimits)).toBe(64 * 1024);
    expect(bodySizeLimitFor("/newsletter", "multipart/form-data", pathLimits)).toBe(1024 * 1024);
  });

  it("lets /api/sendAnnouncement carry the most addresses it advertises, each of the longest kind (issue 23)", () => {
    const address = `${"a".repeat(64)}@${"b".repeat(185)}.com`;
    const body = JSON.stringify({ subject: "s".repeat(200), html: "\u0001".repeat(MAX_MESSAGE_LENGTH), to: Array.from({ length: MAX_ANNOUNCEMENT_ADDRESSES }, () => address) });
    expect(address).toHaveLength(254);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(MAX_ANNOUNCEMENT_BODY_BYTES);
    expect(bodySizeLimitFor("/api/sendAnnouncement", "application/json")).toBe(MAX_ANNOUNCEMENT_BODY_BYTES);
  });
});
