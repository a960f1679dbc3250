import type { Action } from "#app/modules/access";

export interface StaffNavItem {
  label: string;
  to: string;
  /** The policy action a person needs to use this page; the navigation shows only those they may use. */
  action: Action;
}

/** The staff area's navigation, in order. Its pages' loaders ask the same actions of the policy. */
export const staffNavigation: StaffNavItem[] = [
  { label: "Dashboard", to: "/admin", action: "open-dashboard" },
  { label: "Events", to: "/admin/eventmanagement", action: "manage-events" },
  { label: "Reservations", to: "/admin/eventreservations", action: "manage-reservations" },
  { label: "Communications", to: "/admin/communications", action: "send-communications" },
  { label: "Activity", to: "/admin/activity", action: "view-activity" },
  { label: "System", to: "/admin/setup", action: "view-system-details" },
];

/** The action that guards a staff path: its navigation entry's (the longest matching prefix). */
export function actionForStaffPath(pathname: string): Action {
  const path = pathname.replace(/\/+$/, "") || "/";
  const match = staffNavigation
    .filter((item) => path === item.to || (item.to !== "/admin" && path.startsWith(`${item.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0];
  return match?.action ?? "open-dashboard";
}
