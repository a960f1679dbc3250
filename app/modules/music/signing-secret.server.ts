import type { Auth } from "#app/lib/auth.server";

/**
 * The key for the music module's signatures: better-auth's own secret, read from its context
 * rather than resolved again. The runtime made it from AUTH_SECRET or the installation's stored
 * secret, so it is the same on every instance sharing a database and survives restarts. The auth
 * service is the request's (its context), passed in by the caller.
 */
export async function signingSecret(auth: Pick<Auth, "$context">): Promise<string> {
  return (await auth.$context).secret;
}
