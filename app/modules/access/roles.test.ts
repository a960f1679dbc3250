import { describe, expect, it } from "vitest";
import { roleForEmail } from "./roles";

const lists = { adminEmails: ["admin@harmonia.example", "Both@Harmonia.example"], eventStaffEmails: ["staff@harmonia.example", "both@harmonia.example"] };

describe("roleForEmail", () => {
  it("makes allow-listed addresses admins, compared trimmed and case-insensitively", () => {
    expect(roleForEmail("  ADMIN@harmonia.example ", lists)).toBe("admin");
  });
  it("prefers admin when an address is on both lists", () => {
    expect(roleForEmail("both@harmonia.example", lists)).toBe("admin");
  });
  it("makes event staff of the second list", () => {
    expect(roleForEmail("Staff@Harmonia.Example", lists)).toBe("event-staff");
  });
  it("makes everyone else a member", () => {
    expect(roleForEmail("guest@example.com", lists)).toBe("member");
    expect(roleForEmail("admin@harmonia.example.evil.com", lists)).toBe("member");
  });
});
