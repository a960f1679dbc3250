import type { Auth } from "#app/lib/auth.server";
import type { Database } from "#app/lib/db.server";
import { can } from "#app/modules/access";
import type { Role } from "#app/modules/access";
import { isValidFriendPass } from "./friend-pass.server";
import { hasMusicAccess } from "./music-access.server";
import { entitlementOf, type Entitlement } from "./playlists";
import { signingSecret } from "./signing-secret.server";

/**
 * What a listener may hear: their role, their music_access row and any friend pass they carry (checked
 * with the signing key of the auth service that comes with it).
 */
export async function listenerEntitlement(
  db: Database,
  listener: { user: { email: string; role: Role } | null; friendPass?: { pass: string; auth: Pick<Auth, "$context"> } },
): Promise<Entitlement> {
  const { user } = listener;
  const access = user && !can(user, "hear-unreleased-music") ? await hasMusicAccess(db, user.email) : false;
  const hasFriendPass = listener.friendPass ? isValidFriendPass(await signingSecret(listener.friendPass.auth), listener.friendPass.pass) : false;
  return entitlementOf({ role: user?.role, hasMusicAccess: access, hasFriendPass });
}
