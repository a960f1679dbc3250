import { useLocation } from "react-router";
import type { RootUser } from "#app/lib/seo";
import { useSignedInUser } from "#app/lib/use-signed-in-user";

/**
 * Who the corner badge shows as signed in, or null where it is not shown: the staff pages say who
 * is signed in at their top, in the flow (nothing fixed over their controls). The root marks
 * `<html>` with `data-signed-in-badge` where it shows, so focused controls scroll clear of it.
 */
export function useSignedInBadgeUser() {
  const user = useSignedInUser();
  const inStaffArea = useLocation().pathname.startsWith("/admin");
  return user && !inStaffArea ? user : null;
}

/** The small fixed corner badge that shows, on every page, who is signed in (`user`: useSignedInBadgeUser's answer). */
export function SignedInBadge({ user }: { user: RootUser | null }) {
  if (!user) return null;
  return (
    <aside
      aria-label="Signed in"
      className="pointer-events-none fixed bottom-3 left-3 z-30 max-w-[calc(100vw-1.5rem)] truncate rounded-full border border-ember bg-umber/90 px-3 py-1.5 text-xs text-sand shadow-lg shadow-black/40 backdrop-blur"
    >
      <span className="sr-only">Signed in as </span>
      <span>{user.email}</span>
    </aside>
  );
}
