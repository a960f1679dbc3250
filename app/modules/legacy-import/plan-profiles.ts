import type { People } from "./legacy-people";
import type { PlanContext } from "./legacy-plan";

/**
 * profiles: a new member's profile came with its account (plan-users); the others are counted
 * (imported before, their account not in auth.users, or the account already here and its profile kept).
 */
export function planProfiles(context: PlanContext, people: People, profilesTaken: Set<string>): void {
  const { rowsOf, previously, count, skip, changed } = context;
  for (const row of rowsOf("profiles")) {
    const legacyId = row.id ?? row.user_id ?? "?";
    if (profilesTaken.has(legacyId)) continue;
    if (previously("profiles", legacyId) === "unchanged") count("profiles", "unchanged");
    else if (!people.usersById.has(row.user_id ?? "")) skip("profiles", legacyId, "its user is not in auth.users");
    else {
      count("profiles", "merged");
      changed("profiles", legacyId, "its account was already here: the profile here is kept");
    }
  }
}
