import { withoutControlCharacters } from "#app/modules/security";
import { toE164 } from "#app/modules/sms";
import { legacyRules, shown, type FormRule } from "./legacy-fields";
import type { LegacyTable } from "./legacy-columns";
import type { PlanContext } from "./legacy-plan";
import type { LegacyRecord } from "./legacy-source.server";

/** A person's facts gathered from every table, newest non-empty value winning. */
interface Fact {
  value: string;
  at: number;
  where: string;
}

export function newest(facts: Fact[] | undefined): Fact | undefined {
  return facts?.reduce<Fact | undefined>((best, fact) => (!best || fact.at >= best.at ? fact : best), undefined);
}

/** People's names and phones from every table, so each list gets the newest known. */
export interface People {
  names: Map<string, Fact[]>;
  phones: Map<string, Fact[]>;
  /** The old accounts by their id, and each one's profile. */
  usersById: Map<string, LegacyRecord>;
  profileByUser: Map<string, LegacyRecord>;
  /** Says once per person where tables disagree on the name or phone, and which was kept. */
  sayConflicts(email: string, table: LegacyTable, legacyId: string): void;
  /** The newest phone known that is a phone number, in E.164. */
  phoneOf(email: string): string | null;
  sayDroppedPhones(table: LegacyTable, legacyId: string, value: string | null | undefined): void;
}

export function gatherPeople(context: PlanContext): People {
  const { rowsOf, emailOf, time, changed } = context;
  const names = new Map<string, Fact[]>();
  const phones = new Map<string, Fact[]>();
  /** `rule`: the form a value must pass to be a fact, when its column's own rule (COLUMN_RULES) is not that one already. */
  const addFact = (facts: Map<string, Fact[]>, email: string | null, value: string | null | undefined, at: Date | null, where: string, rule?: FormRule<unknown>) => {
    const text = value ? withoutControlCharacters(value).replace(/\s+/g, " ") : "";
    if (!email || !text || (rule && !rule.safeParse(text).success)) return;
    let list = facts.get(email);
    if (!list) facts.set(email, (list = []));
    list.push({ value: text, at: at?.getTime() ?? 0, where });
  };
  // A name is a fact only as the community form takes one, the strictest of the forms that ask for a name (community names passed it already).
  const nameRule = legacyRules.communityName;
  const usersById = new Map<string, LegacyRecord>();
  for (const row of rowsOf("auth.users")) if (row.id) usersById.set(row.id, row);
  const profileByUser = new Map<string, LegacyRecord>();
  for (const row of rowsOf("profiles")) if (row.user_id) profileByUser.set(row.user_id, row);
  for (const row of rowsOf("community")) {
    const email = emailOf("community", row.email);
    addFact(names, email, row.name, time(row.created_at), `community ${row.id}`);
    addFact(phones, email, row.phone, time(row.created_at), `community ${row.id}`);
  }
  for (const row of rowsOf("user_profiles")) {
    const email = emailOf("user_profiles", row.email);
    addFact(names, email, [row.first_name, row.last_name].filter(Boolean).join(" "), time(row.created_at), `user_profiles ${email}`, nameRule);
    addFact(phones, email, row.phone, time(row.created_at), `user_profiles ${email}`);
  }
  for (const row of rowsOf("profiles")) {
    const owner = usersById.get(row.user_id ?? "");
    addFact(names, emailOf("auth.users", owner?.email), row.full_name, time(row.updated_at) ?? time(row.created_at), `profiles ${row.id}`, nameRule);
  }
  const conflictsSaid = new Set<string>();
  return {
    names,
    phones,
    usersById,
    profileByUser,
    sayConflicts: (email, table, legacyId) => {
      if (conflictsSaid.has(email)) return;
      conflictsSaid.add(email);
      for (const [what, facts] of [["name", names.get(email)], ["phone", phones.get(email)]] as const) {
        const distinct = new Set((facts ?? []).map((fact) => (what === "phone" ? (toE164(fact.value) ?? fact.value) : fact.value.toLowerCase())));
        if (distinct.size > 1) {
          const kept = newest(facts)!;
          const others = [...new Set(facts!.filter((fact) => fact !== kept).map((fact) => fact.value))].filter((value) => value !== kept.value);
          if (others.length) changed(table, legacyId, `${what} differs across tables: kept '${kept.value}' (${kept.where}, newest) over ${others.map((value) => `'${value}'`).join(", ")}`);
        }
      }
    },
    phoneOf: (email) => {
      const fact = newest(phones.get(email)?.filter((candidate) => toE164(candidate.value)));
      return fact ? toE164(fact.value) : null;
    },
    sayDroppedPhones: (table, legacyId, value) => {
      if (value?.trim() && !toE164(value)) changed(table, legacyId, `phone dropped: '${shown(value)}' is not a phone number`);
    },
  };
}
