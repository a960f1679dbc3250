import type { EffectiveInvitationStatus } from "#app/modules/invitations";

const styles: Record<EffectiveInvitationStatus, { label: string; className: string }> = {
  pending: { label: "Pending", className: "border-amber/60 bg-amber/15 text-amber" },
  accepted: { label: "Accepted", className: "border-sage/70 bg-sage/15 text-[#b7c4a8]" },
  expired: { label: "Expired", className: "border-danger/70 bg-danger/15 text-danger" },
  // Not one of the spec's three: staff withdrew it. Grey, so it does not read as a failure.
  revoked: { label: "Revoked", className: "border-sand/50 bg-sand/10 text-sand" },
};

/** An invitation's status as a word in a coloured badge: yellow, green, red (grey for revoked); the word carries the meaning. */
export function InvitationStatusBadge({ status }: { status: EffectiveInvitationStatus }) {
  const style = styles[status];
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${style.className}`}>{style.label}</span>;
}
