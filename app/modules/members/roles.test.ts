import { describe, expect, it } from "vitest";
import { canEnter, isStaff, roleForEmail } from "./roles";

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

describe("canEnter", () => {
  it("lets only admins into the admin area", () => {
    expect(canEnter("admin", "admin")).toBe(true);
    expect(canEnter("event-staff", "admin")).toBe(false);
    expect(canEnter("member", "admin")).toBe(false);
  });
  it("lets admins and event staff into the reservations area", () => {
    expect(canEnter("admin", "reservations")).toBe(true);
    expect(canEnter("event-staff", "reservations")).toBe(true);
    expect(canEnter("member", "reservations")).toBe(false);
  });
  it("counts admins and event staff as staff", () => {
    expect(isStaff("admin")).toBe(true);
    expect(isStaff("event-staff")).toBe(true);
    expect(isStaff("member")).toBe(false);
  });
});
