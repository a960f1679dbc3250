import { useFetcher } from "react-router";
import { ConfirmDialog } from "#app/components/admin/confirm-dialog";
import { useOutcomeToast, type StaffOutcome } from "#app/components/admin/staff-outcome";
import { useHydrated } from "#app/lib/use-hydrated";
import { invitationManagementMessages } from "#app/modules/invitations";
import type { EffectiveInvitationStatus } from "#app/modules/invitations";

const buttonClass =
  "inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-amber disabled:opacity-60";
const tone = { resend: "border-amber/60 text-amber hover:bg-amber/10", revoke: "border-danger/60 text-danger hover:bg-danger/10" };

/**
 * Resend and revoke for one invitation of the status list. Both end the link the invitee has, so
 * both ask first (with JavaScript, in a dialog; without it, the plain button posts). Accepted
 * invitations have nothing to do.
 */
export function InvitationActions({ id, email, status }: { id: string; email: string; status: EffectiveInvitationStatus }) {
  if (status === "accepted") return <span className="text-sand">—</span>;
  return (
    <div className="flex flex-wrap gap-2">
      <InvitationActionButton id={id} intent="resend-invitation" verb="Resend" busyVerb="Resending…" kind="resend" email={email} question={invitationManagementMessages.confirmResend(email)} />
      {status !== "revoked" ? (
        <InvitationActionButton id={id} intent="revoke-invitation" verb="Revoke" busyVerb="Revoking…" kind="revoke" email={email} question={invitationManagementMessages.confirmRevoke(email)} />
      ) : null}
    </div>
  );
}

function InvitationActionButton(props: { id: string; intent: string; verb: string; busyVerb: string; kind: "resend" | "revoke"; email: string; question: string }) {
  const fetcher = useFetcher<StaffOutcome>();
  const hydrated = useHydrated();
  useOutcomeToast(fetcher.data);
  const busy = fetcher.state !== "idle";
  const label = `${props.verb} the invitation to ${props.email}`;
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="id" value={props.id} />
      {hydrated ? (
        <ConfirmDialog
          trigger={
            <button type="button" className={`${buttonClass} ${tone[props.kind]}`} aria-label={label} disabled={busy}>
              {busy ? props.busyVerb : props.verb}
            </button>
          }
          title={`${props.verb} invitation?`}
          description={props.question}
          confirmLabel={props.verb}
          onConfirm={() => fetcher.submit({ intent: props.intent, id: props.id }, { method: "post" })}
        />
      ) : (
        <button type="submit" className={`${buttonClass} ${tone[props.kind]}`} aria-label={label}>
          {props.verb}
        </button>
      )}
    </fetcher.Form>
  );
}
