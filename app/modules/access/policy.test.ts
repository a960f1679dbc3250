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

  it("lets event staff run reservations, mail their guests and hear the music, nothing else of the staff side", () => {
    const allowed = (Object.keys(staffActions) as Action[]).filter((action) => can(eventStaff, action));
    expect(allowed.sort()).toEqual(["hear-unreleased-music", "mail-event-attendees", "manage-reservations"]);
  });

  it("lets members and visitors do nothing of the staff side", () => {
    for (const action of Object.keys(staffActions) as Action[]) {
      expect(can(member, action), action).toBe(false);
      expect(can(null, action), action).toBe(false);
      expect(can(undefined, action), action).toBe(false);
    }
  });

  it("lets event staff act only on events that take reservations; admins on any event", () => {
    const reservable = { event: { maxSeats: 40 } };
    const ticketLink = { event: { maxSeats: null } };
    expect(can(eventStaff, "manage-reservations", reservable)).toBe(true);
    expect(can(eventStaff, "manage-reservations", ticketLink)).toBe(false);
    expect(can(eventStaff, "mail-event-attendees", ticketLink)).toBe(false);
    expect(can(admin, "manage-reservations", ticketLink)).toBe(true);
    expect(can(member, "manage-reservations", reservable)).toBe(false);
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
