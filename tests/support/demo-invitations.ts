import { demoInvitations, type DemoInvitationState } from "#app/modules/demo/demo-invitations";

export type DemoInvitation = (typeof demoInvitations)[DemoInvitationState] & { rid: string };

/**
 * The demo invitations of one test server, with the random rids its seed gave them, read from the
 * lines the server prints at start in demo mode ('[demo] pending invitation: <url>').
 */
export function demoInvitationsOf(serverOutput: string): Record<DemoInvitationState, DemoInvitation> {
  const ridOf = (state: DemoInvitationState) => {
    const line = serverOutput.match(new RegExp(`\\[demo\\] ${state} invitation: (\\S+)`));
    const rid = line ? new URL(line[1]!).searchParams.get("rid") : null;
    if (!rid) throw new Error(`The server printed no ${state} demo invitation:\n${serverOutput}`);
    return rid;
  };
  return {
    pending: { ...demoInvitations.pending, rid: ridOf("pending") },
    accepted: { ...demoInvitations.accepted, rid: ridOf("accepted") },
    expired: { ...demoInvitations.expired, rid: ridOf("expired") },
  };
}
