import { buildCommunitySignup } from "#app/modules/demo/factories/community";

/**
 * Joins the community list over HTTP as the /join form posts it, with Terms and texts ticked
 * (docs/decisions/043; joining is the e-mail consent, 054), so the number may be texted. Answers the status.
 */
export async function joinCommunityOverHttp(serverUrl: string, person: { name: string; phone: string }): Promise<number> {
  const joined = await fetch(`${serverUrl}/join`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: serverUrl },
    body: new URLSearchParams({ intent: "join", ...buildCommunitySignup(person) }),
  });
  return joined.status;
}
