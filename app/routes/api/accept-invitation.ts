import type { Route } from "./+types/accept-invitation";
import { methodNotAllowed, readJsonBody } from "#app/lib/json-api.server";
import { invitationMessages } from "#app/modules/invitations";
import { submitAcceptance } from "../members/invitation-acceptance.server";

/**
 * POST /api/acceptInvitation: the spec's JSON payload in, `{ loginLink }` or `{ error }` out
 * (400 bad input, 404 unknown rid, 409 already accepted, 410 expired, 429 too many attempts).
 */
export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const body = await readJsonBody(request);
  if (!body.ok) return Response.json({ error: body.error }, { status: 400 });
  if (typeof body.value !== "object" || body.value === null || Array.isArray(body.value)) {
    return Response.json({ error: invitationMessages.invalidBody }, { status: 400 });
  }
  const outcome = await submitAcceptance(body.value, context);
  if ("loginLink" in outcome) return Response.json({ loginLink: outcome.loginLink }, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ error: outcome.error }, { status: outcome.status });
}
