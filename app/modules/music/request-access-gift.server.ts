import type { Database } from "#app/lib/db.server";
import { refuseOverLimit, type AttemptRefused } from "#app/modules/members/index.server";
import type { SignInLinkClient } from "#app/modules/members/index.server";
import { emailAccessGift } from "./access-gift.server";

/**
 * A visitor of the friend page asks for the full playlist: counted against the sign-in-link
 * limits (the answer is a sign-in link), then e-mailed the link that redeems the gift.
 */
export async function requestAccessGift(
  db: Database,
  options: { email: string; name: string; client: SignInLinkClient },
): Promise<{ ok: true } | AttemptRefused> {
  const { client } = options;
  const refused = await refuseOverLimit(db, "sign-in-link", client, options.email);
  if (refused) return refused;
  await emailAccessGift({ email: options.email, name: options.name, headers: client.headers, auth: client.auth });
  return { ok: true };
}
