import { invitationInterests } from "./invitation-messages";

/** How many interests the invitation status list shows before '...'. */
export const INTERESTS_SHOWN = 2;

/** 'Interested in all', 'All of the above', 'all': any value that means every interest. */
const allVariant = /^\s*(all|all of the above|interested in all|everything)\s*$/i;

/**
 * The interests of an invitee as the invitation status list shows them (members-and-staff.md
 * section 9): 'All' when they chose an all-variant or every one of the 5 known options; else the
 * first 2 followed by '...' when there are more; '—' for none.
 */
export function displayInterests(interests: readonly string[] | null | undefined): string {
  const chosen = (interests ?? []).map((interest) => interest.trim()).filter(Boolean);
  if (chosen.length === 0) return "—";
  if (chosen.some((interest) => allVariant.test(interest))) return "All";
  const known = new Set(chosen.map((interest) => interest.toLowerCase()));
  if (invitationInterests.every((option) => known.has(option.toLowerCase()))) return "All";
  const shown = chosen.slice(0, INTERESTS_SHOWN).join(", ");
  return chosen.length > INTERESTS_SHOWN ? `${shown}...` : shown;
}
