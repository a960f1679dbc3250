import { data } from "react-router";
import type { Route } from "./+types/attendee-import";
import { AttendeeImport, type AttendeeImportActionData } from "~/components/admin/campaigns/attendee-import";
import { pageMeta } from "~/lib/seo";
import { chosenFile } from "~/modules/invitations/attendee-import-form";
import { attendeeImportMessages, MAX_IMPORT_BYTES } from "~/modules/invitations/attendee-import-messages";
import { importAttendees } from "~/modules/invitations/import-attendees.server";
import { previewAttendeeImport } from "~/modules/invitations/preview-attendee-import.server";
import { requireStaffPage } from "~/routes/guards.server";
import { getRuntime } from "../../../server/runtime";
import { logFailure } from "~/lib/log.server";

/**
 * /admin/communications/import: the attendee import's own action (its 5 MB form limit is set for
 * this path alone in server/body-limit.ts). The communications page shows the import and posts
 * here; without JavaScript the post lands on this page, which shows the same section.
 */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Invite past attendees", description: "Import past attendees", noIndex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaffPage(request, "send-communications");
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "send-communications");
  const answer = (body: AttendeeImportActionData, status = 200) => data<AttendeeImportActionData>(body, { status });
  const form = await request.formData().catch(() => undefined);
  const intent = form?.get("intent") === "confirm" ? "confirm" : "preview";
  if (!form) return answer({ ok: false, intent, message: attendeeImportMessages.noFile, fieldErrors: { file: attendeeImportMessages.noFile } }, 400);
  const db = getRuntime().database.db;
  try {
    if (intent === "confirm") {
      const outcome = await importAttendees(db, user, { importId: form.get("importId") });
      if (!outcome.ok) return answer({ ok: false, intent, message: outcome.message }, 410);
      return answer({ ok: true, intent, message: outcome.message, created: outcome.created, emailsQueued: outcome.emailsQueued });
    }
    const file = chosenFile(form.get("file"));
    if (!file) return answer({ ok: false, intent, message: attendeeImportMessages.noFile, fieldErrors: { file: attendeeImportMessages.noFile } }, 400);
    if (file.size > MAX_IMPORT_BYTES) return answer({ ok: false, intent, message: attendeeImportMessages.tooLarge, fieldErrors: { file: attendeeImportMessages.tooLarge } }, 413);
    const outcome = await previewAttendeeImport(db, user, { fileName: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) });
    if (!outcome.ok) return answer({ ok: false, intent, message: outcome.message, fieldErrors: { file: outcome.message } }, outcome.reason === "too-large" ? 413 : 400);
    return answer({ ok: true, intent, message: outcome.message, preview: outcome.preview });
  } catch (error) {
    logFailure("attendee-import", `the import's ${intent}`, error);
    const message = intent === "confirm" ? attendeeImportMessages.confirmFailed : attendeeImportMessages.previewFailed;
    return answer({ ok: false, intent, message, ...(intent === "preview" ? { fieldErrors: { file: message } } : {}) }, 503);
  }
}

export default function AttendeeImportPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="mt-6 space-y-6">
      <h1 className="text-4xl text-ivory">Invite past attendees</h1>
      <AttendeeImport fallback={actionData} />
      <p>
        <a href="/admin/communications" className="text-amber underline underline-offset-4">
          Back to Communications
        </a>
      </p>
    </div>
  );
}
