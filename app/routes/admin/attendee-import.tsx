import { data } from "react-router";
import type { Route } from "./+types/attendee-import";
import { AttendeeImport } from "#app/components/admin/campaigns/attendee-import";
import type { AttendeeImportActionData } from "#app/modules/invitations";
import { pageMeta } from "#app/lib/seo";
import { chosenFile } from "#app/modules/invitations";
import { attendeeImportMessages, MAX_IMPORT_BYTES } from "#app/modules/invitations";
import { importAttendees } from "#app/modules/invitations/index.server";
import { reviseImportWording } from "#app/modules/invitations/index.server";
import { previewAttendeeImport } from "#app/modules/invitations/index.server";
import { requireStaffPage } from "#app/routes/guards.server";
import { logFailure } from "#app/lib/log.server";
import { orElse } from "#app/lib/or-else";

/**
 * /admin/communications/import: the attendee import's own action (its 5 MB form limit is set for
 * this path alone in server/body-limit.ts). The communications page shows the import and posts
 * here; without JavaScript the post lands on this page, which shows the same section.
 */
export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Invite past attendees", description: "Import past attendees", noIndex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, "send-communications", context);
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, "send-communications", context);
  const answer = (body: AttendeeImportActionData, status = 200) => data<AttendeeImportActionData>(body, { status });
  const form = await request.formData().catch(orElse(undefined, "a body that is no form is answered as bad input below"));
  const posted = form?.get("intent");
  const intent = posted === "confirm" || posted === "wording" ? posted : "preview";
  if (!form) return answer({ ok: false, intent, message: attendeeImportMessages.noFile, fieldErrors: { file: attendeeImportMessages.noFile } }, 400);
  const db = context.db;
  const publicUrl = context.env.PUBLIC_URL;
  const words = { importId: form.get("importId"), subject: form.get("subject") ?? undefined, intro: form.get("intro") ?? undefined };
  // New words for the invitation: kept and shown rendered; with words changed since the preview, a confirmation does the same instead.
  const revise = async (message?: string) => {
    const outcome = await reviseImportWording(db, user, words, { publicUrl });
    if (!outcome.ok && outcome.reason === "gone") return answer({ ok: false, intent, message: outcome.message }, 410);
    if (!outcome.ok) return answer({ ok: false, intent: "wording", message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values, preview: outcome.preview }, 400);
    return answer({ ok: true, intent: "wording", message: message ?? outcome.message, preview: outcome.preview }, message ? 409 : 200);
  };
  try {
    if (intent === "wording") return await revise();
    if (intent === "confirm") {
      const outcome = await importAttendees(db, user, words, context.wake.outbox);
      if (!outcome.ok && outcome.reason === "changed") return await revise(outcome.message);
      if (!outcome.ok) return answer({ ok: false, intent, message: outcome.message }, 410);
      return answer({ ok: true, intent, message: outcome.message, created: outcome.created, emailsQueued: outcome.emailsQueued });
    }
    const file = chosenFile(form.get("file"));
    if (!file) return answer({ ok: false, intent, message: attendeeImportMessages.noFile, fieldErrors: { file: attendeeImportMessages.noFile } }, 400);
    if (file.size > MAX_IMPORT_BYTES) return answer({ ok: false, intent, message: attendeeImportMessages.tooLarge, fieldErrors: { file: attendeeImportMessages.tooLarge } }, 413);
    const outcome = await previewAttendeeImport(db, user, { fileName: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) }, context.now(), { publicUrl });
    if (!outcome.ok) return answer({ ok: false, intent, message: outcome.message, fieldErrors: { file: outcome.message } }, outcome.reason === "too-large" ? 413 : 400);
    return answer({ ok: true, intent, message: outcome.message, preview: outcome.preview });
  } catch (error) {
    logFailure("attendee-import", `the import's ${intent}`, error);
    const message = intent === "preview" ? attendeeImportMessages.previewFailed : attendeeImportMessages.confirmFailed;
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
