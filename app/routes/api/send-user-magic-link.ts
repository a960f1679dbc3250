import type { Route } from "./+types/send-user-magic-link";
import { userSignInLinkRequestSchema } from "#app/modules/members";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { handleSignInLinkRequest } from "./sign-in-link-endpoint.server";

/** POST /api/sendUserMagicLink {email}: e-mails a sign-in link. Answers { sent: true }, never the link. */
export const action = ({ request, context }: Route.ActionArgs) =>
  handleSignInLinkRequest(request, context, { schema: userSignInLinkRequestSchema, purpose: () => "sign-in" });

export const loader = () => methodNotAllowed(["POST"]);
