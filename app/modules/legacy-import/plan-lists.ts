import { randomUUID } from "node:crypto";
import { shown } from "./legacy-fields";
import type { PlanContext } from "./legacy-plan";

/**
 * newsletter and waitlist (the launch waitlist): an address once, with its consent (the newsletter,
 * e-mail updates), never for an address that unsubscribed here. One planner, run for each table.
 */
export function planList(context: PlanContext, table: "newsletter" | "waitlist"): void {
  const { rowsOf, idOf, emailOf, skip, settled, admitted, existing, count, map, time, now, plan } = context;
  const have = existing[table];
  const purpose = table === "newsletter" ? "newsletter" : "email_updates";
  const added = new Set<string>();
  for (const [index, row] of rowsOf(table).entries()) {
    const email = emailOf(table, row.email);
    if (!email) {
      skip(table, idOf(row, table, index), `invalid e-mail '${shown(row.email)}'`);
      continue;
    }
    if (settled(table, email) || !admitted(table, email, row)) continue;
    if (existing.optedOut.has(email)) {
      skip(table, email, "unsubscribed here: not put back on the list");
      continue;
    }
    if (have.has(email) || added.has(email)) {
      count(table, "merged");
      continue;
    }
    added.add(email);
    const id = randomUUID();
    const createdAt = time(row.created_at) ?? now;
    if (table === "waitlist") plan.rows.waitlist.push({ id, email, createdAt, source: "import" });
    else plan.rows.newsletter.push({ id, email, createdAt });
    context.consent(email, [purpose], createdAt, context.userIdFor(email));
    count(table, "new");
    map(table, email, table, id, true);
  }
}
