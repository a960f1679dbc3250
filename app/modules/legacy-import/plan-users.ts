import { randomUUID } from "node:crypto";
import { bcryptCost, MAX_BCRYPT_COST } from "#app/lib/bcrypt-hash";
import { checkLine, checkProfile, legacyRules, shown } from "./legacy-fields";
import { newest, type People } from "./legacy-people";
import type { PlanContext } from "./legacy-plan";
import { isTrue, parseJsonObject, stringField } from "./legacy-values";

/**
 * auth.users: a member per address (with the bcrypt password and the profile), merged into an
 * account already here. Planned first, so the sign-ups' consents name their member. Answers the
 * legacy profiles it took with their new member.
 */
export function planUsers(context: PlanContext, people: People): Set<string> {
  const { rowsOf, idOf, emailOf, skip, settled, admitted, existing, newUserIds, count, map, changed, time, now, plan } = context;
  const profilesTaken = new Set<string>();
  for (const [index, row] of rowsOf("auth.users").entries()) {
    const legacyId = idOf(row, "auth.users", index);
    const email = emailOf("auth.users", row.email);
    if (!email) {
      skip("auth.users", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("auth.users", legacyId) || !admitted("auth.users", legacyId, row)) continue;
    const here = existing.users.get(email) ?? newUserIds.get(email);
    if (here) {
      count("auth.users", "merged");
      map("auth.users", legacyId, "user", here, false);
      changed("auth.users", legacyId, "an account with this e-mail is already here: kept as it is (its password too)");
      continue;
    }
    const id = randomUUID();
    newUserIds.set(email, id);
    const createdAt = time(row.created_at) ?? now;
    const profile = row.id ? people.profileByUser.get(row.id) : undefined;
    const meta = parseJsonObject(row.raw_user_meta_data);
    const metaName = (key: string) => {
      const checked = checkLine(stringField(meta, key), legacyRules.memberName);
      return checked.ok ? checked.value : null;
    };
    const name = newest(people.names.get(email))?.value ?? metaName("full_name") ?? metaName("name") ?? email.split("@")[0]!;
    plan.rows.users.push({ id, name, email, emailVerified: Boolean(row.email_confirmed_at), createdAt, updatedAt: createdAt, role: "member" });
    const hash = row.encrypted_password?.trim();
    const cost = hash ? bcryptCost(hash) : null;
    if (hash && cost !== null && cost <= MAX_BCRYPT_COST) {
      plan.rows.accounts.push({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash, createdAt, updatedAt: createdAt });
    } else if (cost !== null) {
      changed("auth.users", legacyId, `password dropped: bcrypt cost ${cost} is above ${MAX_BCRYPT_COST} (checking it would hold up the sign-in); the member signs in by e-mailed link`);
    } else if (hash) {
      changed("auth.users", legacyId, "password dropped: not a bcrypt hash; the member signs in by e-mailed link");
    }
    if (profile) {
      const profileId = profile.id ?? id;
      admitted("profiles", profileId, profile);
      const checked = checkProfile(profile);
      for (const note of checked.notes) changed("profiles", profileId, note);
      plan.rows.profiles.push({
        userId: id,
        ...checked.values,
        notificationPreference: profile.notification_preference === null ? true : isTrue(profile.notification_preference),
        createdAt: time(profile.created_at) ?? createdAt,
        updatedAt: time(profile.updated_at) ?? createdAt,
      });
      map("profiles", profileId, "user", id, true);
      profilesTaken.add(profileId);
      count("profiles", "new");
    }
    count("auth.users", "new");
    map("auth.users", legacyId, "user", id, true);
    people.sayConflicts(email, "auth.users", legacyId);
  }
  return profilesTaken;
}
