import type { Route } from "./+types/send-auto-magic-link";
import { autoSignInLinkRequestSchema, purposeOfAutoLink } from "#app/modules/members";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { handleSignInLinkRequest } from "./sign-in-link-endpoint.server";

/**
 * POST /api/sendAutoMagicLink {name, email, campaign?}: e-mails a sign-in link after a community
 * sign-up or a friend's request. Answers { sent: true }, never the link itself.
 */
export const action = ({ request, context }: Route.ActionArgs) =>
  handleSignInLinkRequest(request, context, { schema: autoSignInLinkRequestSchema, purpose: purposeOfAutoLink });

export const loader = () => methodNotAllowed(["POST"]);
