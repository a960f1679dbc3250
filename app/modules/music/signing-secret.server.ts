import { getAuth } from "#app/lib/auth.server";

/**
 * The key for the music module's signatures: better-auth's own secret, read from its context
 * rather than resolved again. The runtime made it from AUTH_SECRET or the installation's stored
 * secret, so it is the same on every instance sharing a database and survives restarts.
 */
export async function signingSecret(): Promise<string> {
  return (await getAuth().$context).secret;
}
