/**
 * The dashboard's lists, in the order of their tabs: the `list` query parameter, the tab's label,
 * and the export's file name. Pure, shared by the page, its loader and the export route.
 */
export const dashboardLists = [
  { key: "community", label: "Community sign-ups", searchBy: "name or e-mail" },
  { key: "signups", label: "Initial sign-ups", searchBy: "name or e-mail" },
  { key: "waitlist", label: "Waitlist", searchBy: "e-mail" },
  { key: "newsletter", label: "Newsletter sign-ups", searchBy: "e-mail" },
  { key: "invitations", label: "Invitation status", searchBy: "name or e-mail" },
] as const;

export type DashboardListKey = (typeof dashboardLists)[number]["key"];

export function isDashboardListKey(value: unknown): value is DashboardListKey {
  return dashboardLists.some((list) => list.key === value);
}

export function dashboardList(key: DashboardListKey) {
  return dashboardLists.find((list) => list.key === key)!;
}
