import { randomUUID } from "node:crypto";
import { shown } from "./legacy-fields";
import type { People } from "./legacy-people";
import type { PlanContext } from "./legacy-plan";
import { parseList } from "./legacy-values";

/** user_profiles: the member directory, one row per address, with the newest phone known. */
export function planUserProfiles(context: PlanContext, people: People): void {
  const { rowsOf, idOf, emailOf, skip, settled, admitted, existing, count, map, time, now, plan } = context;
  for (const [index, row] of rowsOf("user_profiles").entries()) {
    const email = emailOf("user_profiles", row.email);
    if (!email) {
      skip("user_profiles", idOf(row, "user_profiles", index), `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("user_profiles", email) || !admitted("user_profiles", email, row)) continue;
    if (existing.userProfiles.has(email)) {
      count("user_profiles", "merged");
      continue;
    }
    existing.userProfiles.add(email);
    people.sayDroppedPhones("user_profiles", email, row.phone);
    people.sayConflicts(email, "user_profiles", email);
    const id = randomUUID();
    plan.rows.userProfiles.push({
      id,
      email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: people.phoneOf(email),
      interests: parseList(row.interests),
      createdAt: time(row.created_at) ?? now,
      updatedAt: time(row.created_at) ?? now,
    });
    count("user_profiles", "new");
    map("user_profiles", email, "user_profiles", id, true);
  }
}
