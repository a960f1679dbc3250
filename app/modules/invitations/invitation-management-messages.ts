/** What staff are told when they resend or revoke an invitation, or send a friend invitation. Browser-safe. */
export const invitationManagementMessages = {
  notFound: "This invitation no longer exists. Please reload the list.",
  alreadyAccepted: (email: string) => `${email} already accepted this invitation.`,
  alreadyRevoked: (email: string) => `The invitation to ${email} was already revoked.`,
  resent: (email: string) => `Invitation resent to ${email} with a new link; the old link no longer works.`,
  revoked: (email: string) => `Invitation to ${email} revoked; its link no longer works.`,
  failed: "The invitation could not be changed just now. Please try again.",
  confirmResend: (email: string) => `Send ${email} a new invitation link? The link they have now stops working.`,
  confirmRevoke: (email: string) => `Revoke the invitation to ${email}? Its link stops working at once.`,
} as const;

/**
 * The friend invitation generator (spec sections 2, 5 and 8): both fields required and non-blank
 * after trimming; a failure reads 'Error: …' with the server's message or 'Failed to send gift'.
 */
export const friendInvitationMessages = {
  nameRequired: "Please enter your friend's name.",
  emailRequired: "Please enter your friend's e-mail address.",
  invalidEmail: "Please enter a valid email address.",
  failedReason: "Failed to send gift",
  error: (message: string) => `Error: ${message}`,
  sent: (name: string, email: string) => `Friend invitation sent to ${name} (${email}).`,
} as const;

export const FRIEND_INVITATION_CAMPAIGN = "friend_invitation";
