import { describe, expect, it } from "vitest";
import { actionForStaffPath, staffNavigation } from "./staff-navigation";
import { can } from "#app/modules/access/policy";

describe("the staff navigation", () => {
  it("guards each page by its entry's action, the longest prefix winning", () => {
    expect(actionForStaffPath("/admin")).toBe("open-dashboard");
    expect(actionForStaffPath("/admin/")).toBe("open-dashboard");
    expect(actionForStaffPath("/admin/eventreservations")).toBe("manage-reservations");
    expect(actionForStaffPath("/admin/eventmanagement/new")).toBe("manage-events");
    expect(actionForStaffPath("/admin/activity")).toBe("view-activity");
    expect(actionForStaffPath("/admin/unknown")).toBe("open-dashboard");
  });

  it("shows event staff only Reservations, admins everything", () => {
    const visible = (role: "admin" | "event-staff" | "member") =>
      staffNavigation.filter((item) => can({ role }, item.action)).map((item) => item.label);
    expect(visible("event-staff")).toEqual(["Reservations"]);
    expect(visible("admin")).toEqual(["Dashboard", "Events", "Reservations", "Communications", "Activity", "System"]);
    expect(visible("member")).toEqual([]);
  });
});
