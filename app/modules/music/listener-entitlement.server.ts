import type { Database } from "~/lib/db.server";
import type { Role } from "../members/roles";
import { isValidFriendPass } from "./friend-pass.server";
import { hasMusicAccess } from "./music-access.server";
import { entitlementOf, type Entitlement } from "./playlists";
import { signingSecret } from "./signing-secret.server";

/** What a listener may hear: their role, their music_access row and any friend pass they carry. */
export async function listenerEntitlement(
  db: Database,
  listener: { user: { email: string; role: Role } | null; friendPass?: string },
): Promise<Entitlement> {
  const { user } = listener;
  const staff = user?.role === "admin" || user?.role === "event-staff";
  const access = user && !staff ? await hasMusicAccess(db, user.email) : false;
  const hasFriendPass = listener.friendPass ? isValidFriendPass(await signingSecret(), listener.friendPass) : false;
  return entitlementOf({ role: user?.role, hasMusicAccess: access, hasFriendPass });
}
