import { describe, expect, it } from "vitest";
import { can, staffActions, staffHomePath, type Action } from "./policy";
import type { Role } from "./roles";

const admin = { role: "admin" as Role };
const eventStaff = { role: "event-staff" as Role };
const member = { role: "member" as Role };

describe("can", () => {
  it("lets admins do everything", () => {
    for (const action of Object.keys(staffActions) as Action[]) expect(can(admin, action), action).toBe(true);
  });

  it("lets event staff run reservations, mail their guests, record money taken at the door and hear the music, nothing else of the staff side", () => {
    const allowed = (Object.keys(staffActions) as Action[]).filter((action) => can(eventStaff, action));
    expect(allowed.sort()).toEqual(["hear-unreleased-music", "mail-event-attendees", "manage-reservations", "record-contributions"]);
  });

  it("lets members and visitors do nothing of the staff side", () => {
    for (const action of Object.keys(staffActions) as Action[]) {
      expect(can(member, action), action).toBe(false);
      expect(can(null, action), action).toBe(false);
      expect(can(undefined, action), action).toBe(false);
    }
  });

  it("lets event staff act only on published events taking reservations; admins on any event", () => {
    const inScope = { event: { status: "published" as const, maxSeats: 40 } };
    const outOfScope = [
      { event: { status: "published" as const, maxSeats: null } },
      { event: { status: "draft" as const, maxSeats: 40 } },
      { event: { status: "archived" as const, maxSeats: 40 } },
      { event: { status: "draft" as const, maxSeats: null } },
    ];
    for (const action of ["manage-reservations", "mail-event-attendees"] as const) {
      expect(can(eventStaff, action, inScope), action).toBe(true);
      for (const resource of outOfScope) {
        expect(can(eventStaff, action, resource), `${action} on ${JSON.stringify(resource)}`).toBe(false);
        expect(can(admin, action, resource), `admin: ${action} on ${JSON.stringify(resource)}`).toBe(true);
      }
    }
    expect(can(member, "manage-reservations", inScope)).toBe(false);
    expect(can(null, "manage-reservations", inScope)).toBe(false);
    // In scope or not, what the role may not do at all stays refused.
    expect(can(eventStaff, "change-seat-limits", inScope)).toBe(false);
  });

  it("keeps deleting events to admins", () => {
    expect(can(admin, "delete-events")).toBe(true);
    expect(can(eventStaff, "delete-events")).toBe(false);
  });

  it("leads each role to where its staff work starts: admins the dashboard, event staff the reservations", () => {
    expect(staffHomePath(admin)).toBe("/admin");
    expect(staffHomePath(eventStaff)).toBe("/admin/eventreservations");
    expect(staffHomePath(member)).toBeNull();
    expect(staffHomePath(null)).toBeNull();
  });
});
