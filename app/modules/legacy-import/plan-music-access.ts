import { randomUUID } from "node:crypto";
import { shown } from "./legacy-fields";
import type { PlanContext } from "./legacy-plan";

/** music_access: an entitlement per address, not a list; no consent involved. */
export function planMusicAccess(context: PlanContext): void {
  const { rowsOf, idOf, emailOf, skip, settled, admitted, existing, count, map, plan } = context;
  for (const [index, row] of rowsOf("music_access").entries()) {
    const email = emailOf("music_access", row.email);
    if (!email) {
      skip("music_access", idOf(row, "music_access", index), `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled("music_access", email) || !admitted("music_access", email, row)) continue;
    if (existing.musicAccess.has(email)) {
      count("music_access", "merged");
      continue;
    }
    const id = randomUUID();
    plan.rows.musicAccess.push({ id, email, source: "import" });
    existing.musicAccess.add(email);
    count("music_access", "new");
    map("music_access", email, "music_access", id, true);
  }
}
