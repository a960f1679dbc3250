import type { Route } from "./+types/get-attendee-data";
import { methodNotAllowed } from "#app/lib/json-api.server";
import { getAttendeeData } from "#app/modules/invitations/index.server";
import { invitationFailures } from "#app/modules/invitations";
import { invitationMessages } from "#app/modules/invitations";
import { isPossibleRid } from "#app/modules/invitations";
import { refusalStatus } from "#app/lib/outcome";
import { logFailure } from "#app/lib/log.server";

/**
 * GET /api/getAttendeeData?rid=…&email=…: the invitee's details to prefill the acceptance form.
 * Only a valid rid opens them; the e-mail parameter is accepted (the spec's client sends it) but
 * never looked up, so no caller learns anything about an address.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rid = params.get("rid")?.trim() ?? "";
  if (!rid) return answer(400, { success: false, error: invitationMessages.ridRequired });
  if (!isPossibleRid(rid) || params.getAll("rid").length > 1) {
    return answer(400, { success: false, error: invitationMessages.notFound });
  }
  try {
    const result = await getAttendeeData(context.db, rid);
    if (!result.ok) {
      const failure = invitationFailures[result.reason];
      return answer(refusalStatus(result.reason), { success: false, error: failure.message });
    }
    return answer(200, { success: true, attendee: result.attendee });
  } catch (error) {
    logFailure("invitations", "reading attendee data", error);
    return answer(503, { success: false, error: invitationMessages.tryAgainLater });
  }
}

export const action = () => methodNotAllowed(["GET"]);

function answer(status: number, body: object) {
  // Personal data: never kept by a shared cache.
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}
