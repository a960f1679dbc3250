import { randomUUID } from "node:crypto";
import { interestOptions } from "#app/modules/community";
import type { CommunityBulkRow } from "#app/modules/community/index.server";
import { shown } from "./legacy-fields";
import { newest, type People } from "./legacy-people";
import type { PlanContext } from "./legacy-plan";

/**
 * community: one row per address, joined at the earliest sign-up, never for an address that
 * unsubscribed here; then their consents, at the earliest sign-up's time (the old form's one box
 * covered the Terms, e-mail and texts).
 */
export function planCommunity(context: PlanContext, people: People): void {
  const { rowsOf, idOf, emailOf, skip, settled, admitted, existing, count, map, changed, time, now, plan } = context;
  const validInterests = new Set<string>(interestOptions.map((option) => option.value));
  const interestFromLabel = new Map<string, string>(interestOptions.map((option) => [option.label.toLowerCase(), option.value]));
  const firstSignUp = new Map<string, CommunityBulkRow & { id: string; createdAt: Date }>();
  for (const [index, row] of rowsOf("community").entries()) {
    const legacyId = idOf(row, "community", index);
    const email = emailOf("community", row.email);
    if (!email) {
      skip("community", legacyId, `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("community", legacyId) || !admitted("community", legacyId, row)) continue;
    const createdAt = time(row.created_at) ?? now;
    const pending = firstSignUp.get(email);
    if (pending) {
      count("community", "merged");
      if (pending.createdAt > createdAt) pending.createdAt = pending.consentAcceptedAt = createdAt;
      map("community", legacyId, "community", pending.id, false);
      people.sayDroppedPhones("community", legacyId, row.phone);
      continue;
    }
    if (existing.optedOut.has(email)) {
      skip("community", legacyId, "unsubscribed here: not put back on the list");
      continue;
    }
    const here = existing.community.get(email);
    if (here) {
      count("community", "merged");
      map("community", legacyId, "community", here, false);
      continue;
    }
    let interest = row.interest?.trim() ?? "";
    if (!validInterests.has(interest)) {
      const fromLabel = interestFromLabel.get(interest.toLowerCase()) ?? "all";
      changed("community", legacyId, `interest '${shown(interest)}' read as '${fromLabel}'`);
      interest = fromLabel;
    }
    people.sayDroppedPhones("community", legacyId, row.phone);
    people.sayConflicts(email, "community", legacyId);
    const phone = people.phoneOf(email);
    const id = randomUUID();
    const signUp = { id, name: newest(people.names.get(email))?.value ?? email, email, phone, interest, source: "import", consentAcceptedAt: createdAt, smsConsentAt: phone ? createdAt : null, createdAt };
    firstSignUp.set(email, signUp);
    plan.rows.community.push(signUp);
    count("community", "new");
    map("community", legacyId, "community", id, true);
  }
  for (const signUp of firstSignUp.values()) {
    const email = signUp.email;
    context.consent(email, ["terms", "privacy", "email_updates", ...(signUp.phone ? ["sms"] : [])], signUp.createdAt, context.userIdFor(email));
  }
}
